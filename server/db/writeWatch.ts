import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Statement kinds that change rows. */
const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** Words that make a raw statement a possible write. */
const RAW_WRITE = /\b(insert|update|delete|merge|truncate|drop|alter|copy)\b/i;

/** What a statement may change: nothing, or (perhaps) some of the watched tables. */
function touchesWatched(node: RootOperationNode, tables: ReadonlySet<string>): boolean {
  if (node.kind === 'RawNode') return RAW_WRITE.test(node.sqlFragments.join(' '));
  if (node.kind === 'SelectQueryNode' && node.with === undefined) return false;
  let writes = WRITE_KINDS.has(node.kind);
  let watched = false;
  const visit = (value: unknown): void => {
    if (watched && writes) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const child = value as OperationNode & { table?: { identifier?: { name?: string } }; sqlFragments?: readonly string[] };
    if (child.kind === 'TableNode' && tables.has(child.table?.identifier?.name ?? '')) watched = true;
    if (WRITE_KINDS.has(child.kind)) writes = true;
    if (child.kind === 'RawNode' && RAW_WRITE.test((child.sqlFragments ?? []).join(' '))) writes = watched = true;
    for (const key of Object.keys(child)) if (key !== 'kind') visit((child as unknown as Record<string, unknown>)[key]);
  };
  visit(node);
  return writes && watched;
}

/**
 * Counts the statements that may have changed the watched tables, so a cache of their rows can tell
 * whether what it holds is still what the database holds. The count moves before such a statement runs
 * and again after it answers (a reader that started in between never keeps what it read).
 */
export class WriteWatch implements KyselyPlugin {
  #version = 0;
  readonly #tables: ReadonlySet<string>;
  readonly #pending = new WeakSet<object>();

  /** Watches writes to `tables`. */
  constructor(tables: readonly string[]) {
    this.#tables = new Set(tables);
  }

  /** The count now: equal counts at two moments mean no watched write ran between them. */
  get version(): number {
    return this.#version;
  }

  /** Notes a statement that may change a watched table. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (touchesWatched(args.node, this.#tables)) {
      this.#version += 1;
      this.#pending.add(args.queryId);
    }
    return args.node;
  }

  /** Moves the count again once such a statement has answered. */
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#pending.has(args.queryId)) {
      this.#pending.delete(args.queryId);
      this.#version += 1;
    }
    return args.result;
  }
}
