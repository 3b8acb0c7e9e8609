// Catalogue numbers a test may vote for in the demo show's live event. submit_votes takes only the numbers of
// an event's catalogue once it has one (migration 20261201000200), and the demo event has one
// (server/seed/show-catalogue.ts): its longhair kittens are numbered from 1, always more than 20 of them
// (tests/integration/vote-catalogue.test.ts checks these numbers are there).
export const DEMO_CATALOGUE_NUMBERS: readonly string[] = Array.from({ length: 20 }, (_, i) => String(i + 1));
