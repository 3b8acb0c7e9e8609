// The rule lives in shared/compare.ts; this re-export keeps src/data/sync/engine.ts's import line until
// that module is next edited.
export { compareText } from '../../shared/compare.ts';
