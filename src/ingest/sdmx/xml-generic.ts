import {
  actionOf,
  emitObservation,
  groupAttributes,
  MAX_GROUPS,
  TIME_DIMENSION,
  type SdmxObservation,
  type SdmxSink,
} from './observation.js';
import { XmlReadError, type XmlHandler } from '../xml-stream.js';
import { attribute, XmlHeader } from './xml-header.js';

type Values = Record<string, string>;

/** What a series takes from the data set's groups. */
interface SeriesGroups {
  fixed: Values;
  pending: Array<{ key: Values; attributes: Values }>;
}

/**
 * SDMX-ML 2.1 generic data (`GenericData`, `GenericTimeSeriesData`): dimensions as
 * `SeriesKey`, `GroupKey` and `ObsKey` values and `ObsDimension` (whichever dimension
 * the header puts at the observation: time, another one, or all of them in a flat
 * data set), the value in `ObsValue`, attributes as `Attributes` values of the data
 * set, a group, a series or an observation.
 */
export class GenericReader implements XmlHandler {
  private readonly header = new XmlHeader();
  private inDataSet = false;
  private action: SdmxObservation['action'] = 'replace';
  private atObservation = TIME_DIMENSION;
  private dataSetAttributes: Values = {};
  private groups: Array<{ key: Values; attributes: Values }> = [];
  private group: { key: Values; attributes: Values } | undefined;
  private series: { key: Values; attributes: Values; groups: SeriesGroups | undefined } | undefined;
  private obs: { key: Values; attributes: Values; value: string | undefined; line: number } | undefined;
  /** Where `Value` elements go: the key or the attributes of the innermost open element. */
  private section: 'key' | 'attributes' | undefined;

  constructor(private readonly sink: SdmxSink) {}

  get readingText(): boolean {
    return this.header.readingText;
  }

  text(text: string): void {
    this.header.text(text);
  }

  open(name: string, attributes: Readonly<Record<string, string>>, line: number): void {
    switch (name) {
      case 'Value':
        return this.value(attributes);
      case 'ObsDimension': {
        const id = attribute(attributes, 'id') ?? this.atObservation;
        if (this.obs) this.obs.key[id] = attribute(attributes, 'value') ?? '';
        return;
      }
      case 'ObsValue':
        if (this.obs) this.obs.value = attribute(attributes, 'value');
        return;
      case 'Obs':
        this.obs = { key: {}, attributes: {}, value: undefined, line };
        return;
      case 'SeriesKey':
      case 'GroupKey':
      case 'ObsKey':
        this.section = 'key';
        return;
      case 'Attributes':
        this.section = 'attributes';
        return;
      case 'Series':
        this.series = { key: {}, attributes: {}, groups: undefined };
        return;
      case 'Group':
        this.group = { key: {}, attributes: {} };
        return;
      case 'DataSet':
        this.inDataSet = true;
        this.action = actionOf(attribute(attributes, 'action') ?? this.header.action);
        this.atObservation = this.header.dimensionAtObservation(attribute(attributes, 'structureRef'));
        this.dataSetAttributes = {};
        this.groups = [];
        return;
      default:
        if (!this.inDataSet) this.header.open(name, attributes);
    }
  }

  close(name: string): void {
    switch (name) {
      case 'Obs':
        this.observation();
        this.obs = undefined;
        return;
      case 'SeriesKey':
      case 'GroupKey':
      case 'ObsKey':
      case 'Attributes':
        this.section = undefined;
        return;
      case 'Series':
        this.series = undefined;
        return;
      case 'Group':
        if (this.group) {
          if (this.groups.length >= MAX_GROUPS) throw new XmlReadError(`more than ${MAX_GROUPS} groups in a data set`);
          this.groups.push(this.group);
        }
        this.group = undefined;
        return;
      case 'DataSet':
        this.inDataSet = false;
        return;
      default:
        this.header.close(name);
    }
  }

  /** A `Value id=… value=…` of the open key or attributes. */
  private value(attributes: Readonly<Record<string, string>>): void {
    const id = attribute(attributes, 'id');
    if (id === undefined || !this.section) return;
    const value = attribute(attributes, 'value') ?? '';
    const owner = this.obs ?? this.series ?? this.group;
    if (this.section === 'key') {
      if (owner) owner.key[id] = value;
    } else (owner ? owner.attributes : this.dataSetAttributes)[id] = value;
  }

  private observation(): void {
    const { obs, series } = this;
    if (!obs) return;
    const dimensions = series ? { ...series.key, ...obs.key } : obs.key;
    let fromGroups: Values;
    if (series) {
      const groups = (series.groups ??= this.seriesGroups(series.key));
      fromGroups = groups.pending.length
        ? { ...groups.fixed, ...groupAttributes(groups.pending, dimensions) }
        : groups.fixed;
    } else fromGroups = groupAttributes(this.groups, dimensions);
    emitObservation(this.sink, {
      dimensions,
      // The nearest level wins: data set, groups, series, observation.
      attributes: { ...this.dataSetAttributes, ...fromGroups, ...series?.attributes, ...obs.attributes },
      value: obs.value,
      action: this.action,
      line: obs.line,
    });
  }

  /**
   * The groups of a series, read once: the attributes of those its key matches whole,
   * and those that also name a dimension at the observation (checked per observation).
   */
  private seriesGroups(key: Values): SeriesGroups {
    const whole: Array<{ key: Values; attributes: Values }> = [];
    const pending: Array<{ key: Values; attributes: Values }> = [];
    for (const g of this.groups) {
      let fits = true;
      let named = true;
      for (const id in g.key) {
        if (!(id in key)) named = false;
        else if (key[id] !== g.key[id]) fits = false;
      }
      if (fits) (named ? whole : pending).push(g);
    }
    return { fixed: groupAttributes(whole, key), pending };
  }
}
