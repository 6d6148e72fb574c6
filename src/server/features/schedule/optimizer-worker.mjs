// The FSRS optimizer's process (issue 26): fits parameters to one child's items, away from the
// process that answers requests, at the lowest CPU priority (optimizer.ts). Plain JavaScript so that it runs as is from the sources and from
// the build (scripts/build-server.mjs copies it beside the server bundle).
//
// It loads fsrs-rs's native build for this machine directly. The umbrella package
// (@open-spaced-repetition/binding 0.5) lists builds for eleven platforms of which only
// linux-x64-gnu is published, so `npm ci` refuses a lock file that holds it; the one published
// build is an optional dependency instead, and elsewhere tuning answers that it is unavailable.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let native = null;
let loadError = null;
try {
  native = require(`@open-spaced-repetition/binding-${process.platform}-${process.arch}-gnu`);
} catch (err) {
  loadError = `the schedule optimizer has no build for ${process.platform}-${process.arch}: ${err?.message ?? err}`;
}

// Ends with the server: the channel closes when the server goes.
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ id, items }) => {
  if (!native) {
    process.send({ id, error: loadError });
    return;
  }
  const { FSRSBindingItem, FSRSBindingReview, computeParameters } = native;
  try {
    const train = items.map(
      (reviews) => new FSRSBindingItem(reviews.map(([rating, deltaT]) => new FSRSBindingReview(rating, deltaT))),
    );
    const parameters = await computeParameters(train, { enableShortTerm: true, numRelearningSteps: 1 });
    process.send({ id, parameters });
  } catch (err) {
    process.send({ id, error: String(err?.message ?? err) });
  }
});
