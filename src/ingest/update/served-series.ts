import { applyTransform, type ObsStatus, type Transform } from '../../economics/transforms.js';
import type { Source } from '../sources/schema.js';
import type { EconomicsBatch, EconomicsObservation } from '../types.js';

/** How a source's fetched values of one indicator become the served ones. */
export interface Treatment {
  /** Multiplies every value (1 when the source sets none). */
  scale: number;
  /** A transform of §3 applied to each whole series, where the source sets one. */
  derive: Transform | undefined;
}

/**
 * The treatment of an indicator's values: the `scale` and `derive` of the first
 * per-series rule that feeds it, each falling back to the source's own.
 */
export function treatmentOf(source: Source, kpiId: string): Treatment {
  const rule = source.provider === 'sdmx' ? source.series?.find((r) => r.kpi_id === kpiId) : undefined;
  return { scale: rule?.scale ?? source.scale ?? 1, derive: rule?.derive ?? source.derive };
}

const seriesKey = (o: EconomicsObservation) => `${o.country_id}.${o.kpi_id}|${o.frequency}`;

/**
 * The observations served from a source's whole fetched history (CONTRACT §7): each
 * value times its `scale`, then each series (in date order) through its `derive`
 * transform, points the transform leaves undefined (the first year of a
 * year-on-year change) omitted. A derived value keeps its own period's status and
 * the day its own period's value became known, where the source says.
 */
export function servedObservations(source: Source, fetched: readonly EconomicsObservation[]): EconomicsObservation[] {
  const bySeries = new Map<string, EconomicsObservation[]>();
  for (const o of fetched) {
    const list = bySeries.get(seriesKey(o));
    if (list) list.push(o);
    else bySeries.set(seriesKey(o), [o]);
  }
  const served: EconomicsObservation[] = [];
  for (const list of bySeries.values()) {
    const first = list[0]!;
    const { scale, derive } = treatmentOf(source, first.kpi_id);
    const scaled = scale === 1 ? list : list.map((o) => ({ ...o, value: o.value * scale }));
    if (!derive || derive === 'none') {
      served.push(...scaled);
      continue;
    }
    const points = [...scaled]
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((o) => ({
        date: o.date,
        value: o.value,
        obs_status: o.obs_status as ObsStatus | null,
        ...(o.realtime_start ? { realtime_start: o.realtime_start } : {}),
      }));
    for (const p of applyTransform(points, derive, first.frequency)) {
      served.push({
        country_id: first.country_id,
        kpi_id: first.kpi_id,
        frequency: first.frequency,
        date: p.date,
        value: p.value,
        obs_status: p.obs_status,
        ...(p.realtime_start ? { realtime_start: p.realtime_start } : {}),
      });
    }
  }
  return served;
}

/**
 * The batch a source publishes: its whole history (`whole_series`) as served. The
 * source's own earlier values (ALFRED's) are kept where nothing is derived; a
 * derived series gets its vintages from the runs that revise it.
 */
export function servedBatch(source: Source, fetched: EconomicsBatch): EconomicsBatch {
  const { revisions, ...rest } = fetched;
  const derived = (kpi: string) => treatmentOf(source, kpi).derive !== undefined;
  const scaledRevisions = (revisions ?? [])
    .filter((r) => !derived(r.kpi_id))
    .map((r) => ({ ...r, value: r.value * treatmentOf(source, r.kpi_id).scale }));
  return {
    ...rest,
    source_id: source.id,
    whole_series: true,
    observations: servedObservations(source, fetched.observations),
    ...(scaledRevisions.length ? { revisions: scaledRevisions } : {}),
  };
}
