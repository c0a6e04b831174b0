import {
  actionOf,
  attributeTest,
  emitObservation,
  MAX_GROUPS,
  TIME_DIMENSION,
  type SdmxObservation,
  type SdmxReadOptions,
  type SdmxSink,
} from './observation.js';
import { XmlReadError, type XmlHandler } from '../xml-stream.js';
import { attribute, XmlHeader } from './xml-header.js';

type Values = Record<string, string>;

/** XML attributes of a `DataSet` that describe it rather than carry an SDMX attribute. */
const DATA_SET_PROPERTIES = new Set([
  'action',
  'structureRef',
  'dataScope',
  'setID',
  'reportingBeginDate',
  'reportingEndDate',
  'validFromDate',
  'validToDate',
  'publicationYear',
  'publicationPeriod',
]);

/** An element's unprefixed XML attributes: its dimensions and SDMX attributes (not `xsi:type` and the like). */
function fieldsOf(attributes: Readonly<Record<string, string>>): Values {
  const out: Values = {};
  for (const name in attributes) if (!name.includes(':')) out[name] = attributes[name]!;
  return out;
}

/**
 * SDMX-ML 2.1 structure-specific data (`StructureSpecificData`,
 * `StructureSpecificTimeSeriesData`, under any namespace prefix): dimensions and
 * attributes are XML attributes of `Series`, `Obs` and `Group`, the value is
 * `OBS_VALUE`. Without the data structure, an id is an attribute when it is a known
 * one (`KNOWN_ATTRIBUTES`, `options.attributes`); at the observation, everything but
 * the value and the observation dimension (time, another one in a cross-section,
 * every one in a flat data set) is an attribute. A group's attributes apply to the
 * series that share every value it gives for the series' own ids.
 */
export class StructureSpecificReader implements XmlHandler {
  private readonly header = new XmlHeader();
  private readonly isAttribute: (id: string) => boolean;
  private inDataSet = false;
  private action: SdmxObservation['action'] = 'replace';
  private atObservation = TIME_DIMENSION;
  private dataSetAttributes: Values = {};
  private groups: Values[] = [];
  private series: { key: Values; attributes: Values } | undefined;

  constructor(
    private readonly sink: SdmxSink,
    options?: SdmxReadOptions,
  ) {
    this.isAttribute = attributeTest(options);
  }

  get readingText(): boolean {
    return this.header.readingText;
  }

  text(text: string): void {
    this.header.text(text);
  }

  open(name: string, attributes: Readonly<Record<string, string>>, line: number): void {
    if (!this.inDataSet) {
      if (name === 'DataSet') this.openDataSet(attributes);
      else this.header.open(name, attributes);
      return;
    }
    if (name === 'Obs') this.observation(fieldsOf(attributes), line);
    else if (name === 'Series') this.openSeries(fieldsOf(attributes));
    else if (name === 'Group') {
      if (this.groups.length >= MAX_GROUPS) throw new XmlReadError(`more than ${MAX_GROUPS} groups in a data set`);
      this.groups.push(fieldsOf(attributes));
    }
  }

  close(name: string): void {
    if (name === 'Series') this.series = undefined;
    else if (name === 'DataSet') this.inDataSet = false;
    else if (!this.inDataSet) this.header.close(name);
  }

  private openDataSet(attributes: Readonly<Record<string, string>>): void {
    this.inDataSet = true;
    this.action = actionOf(attribute(attributes, 'action') ?? this.header.action);
    this.atObservation = this.header.dimensionAtObservation(attribute(attributes, 'structureRef'));
    this.dataSetAttributes = {};
    for (const [id, value] of Object.entries(fieldsOf(attributes)))
      if (!DATA_SET_PROPERTIES.has(id)) this.dataSetAttributes[id] = value;
    this.groups = [];
  }

  private openSeries(fields: Values): void {
    const key: Values = {};
    const attributes: Values = {};
    for (const [id, value] of Object.entries(fields)) (this.isAttribute(id) ? attributes : key)[id] = value;
    this.series = { key, attributes: { ...this.fromGroups(key), ...attributes } };
  }

  /** The attributes of the groups whose ids the key shares all hold the key's values. */
  private fromGroups(key: Values): Values {
    let out: Values | undefined;
    for (const g of this.groups) {
      let shared = 0;
      let matches = true;
      for (const id in g) {
        if (!(id in key)) continue;
        shared++;
        if (key[id] !== g[id]) matches = false;
      }
      if (!matches || shared === 0) continue;
      out ??= {};
      // The group's other fields are its attributes (not the dimensions at the observation).
      for (const id in g)
        if (!(id in key) && id !== 'type' && id !== this.atObservation && id !== TIME_DIMENSION) out[id] = g[id]!;
    }
    return out ?? {};
  }

  private observation(fields: Values, line: number): void {
    const flat = this.atObservation === 'AllDimensions';
    const dimensions: Values = this.series ? { ...this.series.key } : {};
    const attributes: Values = { ...this.dataSetAttributes, ...this.series?.attributes };
    let value: string | undefined;
    for (const [id, text] of Object.entries(fields)) {
      if (id === 'OBS_VALUE') value = text;
      else if (id === TIME_DIMENSION || id === this.atObservation || (flat && !this.isAttribute(id)))
        dimensions[id] = text;
      else attributes[id] = text;
    }
    if (!this.series) Object.assign(attributes, this.fromGroups(dimensions));
    emitObservation(this.sink, { dimensions, attributes, value, action: this.action, line });
  }
}
