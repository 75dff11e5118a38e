import type { DataProvider } from 'react-admin';
import type { Finding } from '../../engine/model/analysis.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import type { Rec } from './answers.ts';

/** What the demo API's handlers share: the sample period, the resources and the engine findings. */
export interface DemoContext {
  readonly extract: SystemExtract;
  readonly ruleset: Ruleset;
  /** The simple-rest resources, in memory (ra-data-fakerest). */
  readonly provider: DataProvider;
  /**
   * The engine findings of each completed analysis. The findings resource holds them as
   * records; dashboard, comparison and export need the engine's own objects.
   */
  readonly findings: Map<string, Finding[]>;
  readonly now: () => Date;
}

/** One record, or null. A list query: fakerest's getOne logs a console error when it is missing. */
export async function findRecord(ctx: DemoContext, resource: string, id: string): Promise<Rec | null> {
  const { data } = await ctx.provider.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { id } });
  return (data[0] as Rec | undefined) ?? null;
}

/** Every record of a resource matching a fakerest filter. */
export async function listAll(ctx: DemoContext, resource: string, filter: Record<string, unknown> = {}, sortField = 'id'): Promise<Rec[]> {
  const { data } = await ctx.provider.getList(resource, { pagination: { page: 1, perPage: 1000000 }, sort: { field: sortField, order: 'ASC' }, filter });
  return data as Rec[];
}
