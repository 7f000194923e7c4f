// A Vitest reporter for npm test's closing summary: per project, how many files ran, the wall time from its first
// file starting to its last file ending, and the time its files took one by one (imports and set-up included).
// Projects share the worker pool, so their wall times overlap. Writes JSON to the file in VITEST_TIMINGS_FILE.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

export default class TimingsReporter {
  #started = new Map();
  #projects = new Map();
  #runStart = 0;

  onTestRunStart() {
    this.#runStart = performance.now();
  }

  onTestModuleQueued(testModule) {
    this.#started.set(testModule.moduleId + '\0' + testModule.project.name, performance.now());
  }

  onTestModuleEnd(testModule) {
    const now = performance.now();
    const name = testModule.project.name;
    const start = this.#started.get(testModule.moduleId + '\0' + name) ?? now;
    const project = this.#projects.get(name) ?? { files: 0, first: start, last: now, fileMs: 0 };
    project.files += 1;
    project.first = Math.min(project.first, start);
    project.last = Math.max(project.last, now);
    project.fileMs += now - start;
    this.#projects.set(name, project);
  }

  onTestRunEnd() {
    const file = process.env.VITEST_TIMINGS_FILE;
    if (!file) return;
    const projects = {};
    for (const [name, project] of this.#projects) {
      projects[name] = {
        files: project.files,
        wallMs: Math.round(project.last - project.first),
        fileMs: Math.round(project.fileMs),
      };
    }
    fs.writeFileSync(file, JSON.stringify({ wallMs: Math.round(performance.now() - this.#runStart), projects }));
  }
}
