import { lazyNamed } from '@client/components/ui/lazy';

// Downloads when it first opens: home's first view does not need it.
export const EnterCodeDialog = lazyNamed(() => import('./enter-code-dialog').then((m) => m.EnterCodeDialog));
