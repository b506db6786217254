// The total of a paged list. A page's rows carry the list's total (`count(*) over ()`), so one query answers
// both; a page past the end has no row to carry it, and only then is the total asked for apart.

/** The list's total from a page's rows, or from `count` when the page is past the end. */
export async function totalOf(
  rows: readonly { record: number }[],
  offset: number,
  count: () => PromiseLike<number>,
): Promise<number> {
  return rows[0]?.record ?? (offset > 0 ? await count() : 0)
}

/** The number a `select({ n: count() })` answers. */
export const countOf = async (query: PromiseLike<readonly { n: number }[]>) => (await query)[0]?.n ?? 0
