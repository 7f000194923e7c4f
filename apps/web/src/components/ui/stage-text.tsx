/** An application's stage in the reader's words: a stage the portal set is rendered from its code through the
 * catalogue (`ui:stages`); an officer's own words (no code) are shown as typed. */
import { useTranslation } from 'react-i18next';
import type { Application, Stage } from '@portal/contract';

/** A translation function of the `ui` namespace (or one that reads its keys). */
type Translate = (key: string, options?: { note?: string }) => string;

/** The stage's words in the catalogue's language; `words` is what shows when there is no code. */
export function stageWords(t: Translate, stage: Stage | null, words: string): string {
  if (!stage) return words;
  if (stage.code === 'status') return t(`stages.status.${stage.params.status}`);
  if ('note' in stage.params && stage.params.note) return t(`stages.${stage.code}_note`, { note: stage.params.note });
  return t(`stages.${stage.code}`);
}

/** A function from an application to its stage's words, for places that need text (labels, options). */
export function useStageWords(): (application: Pick<Application, 'stage' | 'current_stage'>) => string {
  const { t } = useTranslation('ui');
  return (application) => stageWords(t, application.stage, application.current_stage);
}

export function StageText({ application }: { application: Pick<Application, 'stage' | 'current_stage'> }) {
  const words = useStageWords();
  return <>{words(application)}</>;
}
