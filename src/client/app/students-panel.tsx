import { lazyNamed } from '@client/components/ui/lazy';
import { StudentsPanel } from '@client/features/students/components/students-panel';

// Loaded with the panel (account-menu.tsx loads this module when the panel first opens), so that
// the first view of home carries neither these loaders nor the panel.
const TuningSettings = lazyNamed(() =>
  import('@client/features/schedule/components/tuning-settings').then((m) => m.TuningSettings),
);
const GiveDecksForm = lazyNamed(() =>
  import('@client/features/class/components/give-decks').then((m) => m.GiveDecksForm),
);

/** The students panel (students) with "Give them the same decks?" (class) and a student's tuning (schedule). */
export function StudentsPanelWithExtras(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <StudentsPanel
      {...props}
      giveDecks={(p) => <GiveDecksForm {...p} onDone={() => p.onDone()} />}
      learningExtra={(p) => <TuningSettings {...p} />}
    />
  );
}
