// The hostile requests of issue 14, shared by the abuse suite and the abuse bench (bench/abuse.ts).

/** The backreference regex of the report: exponential in Postgres' regex engine. */
export const REGEX_ATTACK = '/rest/v1/breeds?select=id&about=match.(.*)(.*)(.*)%5C3%5C2%5C1x';
/** Nine levels of breeds ↔ litters: 149 MB and 2 GB RSS before the embed budget. */
export const EMBED_ATTACK = `/rest/v1/breeds?select=${'*,litters(*,breeds('.repeat(4)}*,litters(*)${'))'.repeat(4)}`;
