/** A notification's stage in a language's words: the status's stage or another stage code by its name, with the
 * officer's note after it; a stage an officer typed (no code) as typed. Hindi and Telugu mail share it. */
import { stageFromParams, type ApplicationStatus, type NotificationParams, type StageCode } from '@portal/contract';

export function stageWordsIn(
  statusStages: Record<ApplicationStatus, string>,
  otherStages: Record<Exclude<StageCode, 'status'>, string>,
): (p: NotificationParams) => NotificationParams[string] | undefined {
  return (p) => {
    const stage = stageFromParams(p);
    if (!stage) return p.stage;
    if (stage.code === 'status') return statusStages[stage.params.status];
    const note = 'note' in stage.params ? stage.params.note : undefined;
    return note ? `${otherStages[stage.code]}: ${note}` : otherStages[stage.code];
  };
}
