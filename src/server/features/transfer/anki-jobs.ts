import { randomUUID } from 'node:crypto';
import { ANKI_IMPORT_KEPT_HOURS, ANKI_IMPORT_KEPT_MAX } from '@shared/constants';
import type { AnkiImportJob, AnkiImportResult } from '@shared/schemas/transfer';
import type { FamilyId } from '../../context';
import type { AnkiPoolTicket } from './anki-pool';

/**
 * The Anki imports this server is carrying out, and those it finished for someone who was not
 * there to get the answer (they left it running, or their request went away), so that the app can
 * tell them wherever they are, after a reload too. In memory, like the pool that reads the
 * packages: a restart forgets them (an import running then never lands: it is all or nothing).
 */
export interface ImportJob {
  id: string;
  /** The family whose import it is: any adult of it sees it, and may stop or dismiss it. */
  familyId: FamilyId;
  fileName: string;
  state: AnkiImportJob['state'];
  startedAt: Date;
  finishedAt: Date | null;
  ticket: AnkiPoolTicket;
  media: { done: number; total: number } | null;
  result: AnkiImportResult | null;
  error: AnkiImportJob['error'];
  /** Listed in the status for its notice: left running (`background`), or its request went away. */
  listed: boolean;
  /** Stops it (until it is saving): a waiting package is never read. */
  controller: AbortController;
}

const KEPT_MS = ANKI_IMPORT_KEPT_HOURS * 60 * 60 * 1000;
const finished = (j: ImportJob) => j.state === 'done' || j.state === 'failed';

export function createImportJobs(now: () => Date) {
  const jobs = new Map<string, ImportJob>();

  /** Forgets finished imports past their time, and a family's oldest past ANKI_IMPORT_KEPT_MAX. */
  function prune() {
    const perFamily = new Map<FamilyId, ImportJob[]>();
    for (const j of jobs.values()) {
      if (!finished(j)) continue;
      if (now().getTime() - j.finishedAt!.getTime() > KEPT_MS) jobs.delete(j.id);
      else perFamily.set(j.familyId, [...(perFamily.get(j.familyId) ?? []), j]);
    }
    for (const list of perFamily.values()) {
      list.sort((a, b) => a.finishedAt!.getTime() - b.finishedAt!.getTime());
      for (const j of list.slice(0, Math.max(0, list.length - ANKI_IMPORT_KEPT_MAX))) jobs.delete(j.id);
    }
  }

  return {
    add(familyId: FamilyId, fileName: string, listed: boolean): ImportJob {
      prune();
      const job: ImportJob = {
        id: randomUUID(),
        familyId,
        fileName,
        state: 'waiting',
        startedAt: now(),
        finishedAt: null,
        ticket: { started: false, progress: null },
        media: null,
        result: null,
        error: null,
        listed,
        controller: new AbortController(),
      };
      jobs.set(job.id, job);
      return job;
    },

    /** Ends a job: done with its result, or failed with its error; a stopped one is forgotten. */
    finish(job: ImportJob, outcome: { result: AnkiImportResult } | { error: NonNullable<ImportJob['error']> }) {
      job.finishedAt = now();
      job.media = null;
      if ('result' in outcome) {
        job.state = 'done';
        job.result = outcome.result;
      } else {
        job.state = 'failed';
        job.error = outcome.error;
      }
      if (!job.listed) jobs.delete(job.id);
      prune();
    },

    remove(job: ImportJob) {
      jobs.delete(job.id);
    },

    /** The family's listed imports (running, then finished and not dismissed), oldest first. */
    listed(familyId: FamilyId): ImportJob[] {
      prune();
      return [...jobs.values()]
        .filter((j) => j.listed && j.familyId === familyId)
        .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    },

    /** One of the family's imports; undefined for another family's, as for none. */
    find(familyId: FamilyId, id: string): ImportJob | undefined {
      const job = jobs.get(id);
      return job && job.familyId === familyId ? job : undefined;
    },

    /** The family's import whose pictures and sounds are being made ready (the status's `media`). */
    preparing(familyId: FamilyId): ImportJob | undefined {
      return [...jobs.values()].find((j) => j.familyId === familyId && j.state === 'preparing');
    },
  };
}
export type ImportJobs = ReturnType<typeof createImportJobs>;
