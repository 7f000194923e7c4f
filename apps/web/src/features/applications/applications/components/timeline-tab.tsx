/** Timeline: latest first; each entry what happened (through the timeline catalogue), when, and who (the role or
 * SYSTEM). Staff also see the entries kept from the applicant, each marked Internal, and officers add notes there. */
import { useState } from 'react';
import { Lock, NotebookPen } from 'lucide-react';
import { toast } from 'sonner';
import { can, internalNoteRequestSchema, type Role, type TimelineEvent } from '@portal/contract';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Textarea } from '../../../../components/ui/input';
import { errorDetail } from '../../../../lib/api-client';
import { useAddInternalNote } from '../api/case-work';
import { EmptyState } from '../../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { TimelineEntry, TimelineRoleBadge, useTimelineRole } from '../../../../components/timeline/timeline-entry';
import { PdfDownloadButton } from '../../../documents/components/letters/pdf-download-button';
import { isStaff, useViewerText } from '../lib/viewer';

export function TimelineTab({
  applicationId,
  applicationNumber,
  timeline,
  role,
}: {
  applicationId: string;
  applicationNumber: string;
  timeline: QueryLike<TimelineEvent[]>;
  role: Role;
}) {
  const t = useViewerText(role);
  const staff = isStaff(role);
  const roleOf = useTimelineRole();
  // Staff name the role in words beside the user; the applicant sees it as a badge.
  const who = (event: TimelineEvent) => {
    if (event.user_role === 'SYSTEM') return staff ? t('detail.timeline.system') : null;
    return t('detail.timeline.by', { name: event.user_name, role: roleOf(event) });
  };
  return (
    <>
      {can(role, 'add:internal-note') && <InternalNoteForm applicationId={applicationId} role={role} />}
      <QueryState
        query={timeline}
        empty={
          <Card>
            <EmptyState message={t('detail.timeline.empty')} />
          </Card>
        }
      >
        {(events) => {
          // The letter served is the latest deemed approval's (decision 017): offered on that entry only.
          const latestDeemed = events.find((event) => event.event_code === 'deemed_approved')?.id;
          return (
            <ol aria-label={t('detail.timeline.caption')} className="space-y-4 border-l-2 border-brand-200 pl-6">
              {events.map((event) => {
                const internal = staff && event.internal;
                return (
                  <TimelineEntry
                    key={event.id}
                    event={event}
                    internal={internal}
                    marks={
                      <>
                        {internal && (
                          <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                            <Lock aria-hidden="true" className="h-3 w-3" />
                            {t('detail.timeline.internal')}
                          </span>
                        )}
                        {!staff && <TimelineRoleBadge event={event} />}
                      </>
                    }
                  >
                    {who(event) && <p className="mt-1 text-sm text-slate-600">{who(event)}</p>}
                    {event.id === latestDeemed && (
                      <div className="mt-2">
                        <PdfDownloadButton document="deemed" id={applicationId} number={applicationNumber} size="sm" />
                      </div>
                    )}
                  </TimelineEntry>
                );
              })}
            </ol>
          );
        }}
      </QueryState>
    </>
  );
}

/** An officer's note for other officers; the server keeps it from the applicant. */
function InternalNoteForm({ applicationId, role }: { applicationId: string; role: Role }) {
  const t = useViewerText(role);
  const add = useAddInternalNote(applicationId);
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: internalNoteRequestSchema,
    defaultValues: { message: '' },
    messages: 'applications:detail.timeline.errors',
    idPrefix: 'internal-note-',
  });

  return (
    <Card className="mb-4">
      <SchemaFormElement
        form={form}
        refusal={refusal}
        className="space-y-3"
        onValid={({ message }) => {
          if (add.isPending) return;
          setRefusal(undefined);
          add.mutate(message, {
            onSuccess: () => {
              form.reset();
              toast.success(t('detail.timeline.noteAdded'));
            },
            onError: (failure) => setRefusal(errorDetail(failure, t('detail.timeline.noteFailed'))),
          });
        }}
      >
        <FormField
          form={form}
          name="message"
          label={t('detail.timeline.noteLabel')}
          hint={t('detail.timeline.noteHint')}
        >
          <Textarea maxLength={2000} rows={3} {...form.register('message')} />
        </FormField>
        <Button
          type="submit"
          variant="secondary"
          icon={<NotebookPen aria-hidden="true" className="h-4 w-4" />}
          busy={add.isPending}
          busyText={t('detail.timeline.addingNote')}
        >
          {t('detail.timeline.addNote')}
        </Button>
      </SchemaFormElement>
    </Card>
  );
}
