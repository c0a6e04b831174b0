import type { Country, Indicator } from '../../economics/catalogue.js';
import { AGENCY, DIMENSIONS, FLOW_ID, FLOW_VERSION, FREQ_NAMES, OBS_STATUS_NAMES, STRUCTURE_URN } from '../dataflow.js';
import { NS, xmlText } from './message.js';

/** What a structure message lists: the codes `/v1/countries` and `/v1/indicators` list. */
export interface StructureCodes {
  countries: readonly Country[];
  indicators: readonly Indicator[];
}

const name = (text: string) => `<common:Name xml:lang="en">${xmlText(text)}</common:Name>`;
const maintained = (id: string) => `id="${id}" agencyID="${AGENCY}" version="${FLOW_VERSION}"`;
const CONCEPT_SCHEME = 'CS_ECON';

const CONCEPTS: ReadonlyArray<[string, string]> = [
  ['FREQ', 'Frequency'],
  ['REF_AREA', 'Reference area'],
  ['INDICATOR', 'Indicator'],
  ['TIME_PERIOD', 'Time period'],
  ['OBS_VALUE', 'Observation value'],
  ['UNIT_MEASURE', 'Unit of measure'],
  ['OBS_STATUS', 'Observation status'],
];

/** The code list each coded component takes. */
const CODELIST_OF: Readonly<Record<string, string>> = {
  FREQ: 'CL_FREQ',
  REF_AREA: 'CL_AREA',
  INDICATOR: 'CL_INDICATOR',
  UNIT_MEASURE: 'CL_UNIT',
  OBS_STATUS: 'CL_OBS_STATUS',
};

function header(id: string, prepared: string): string {
  return (
    `<message:Header><message:ID>${xmlText(id)}</message:ID><message:Test>false</message:Test>` +
    `<message:Prepared>${prepared}</message:Prepared><message:Sender id="${AGENCY}"/></message:Header>`
  );
}

const open = () =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<message:Structure xmlns:message="${NS.message}" xmlns:common="${NS.common}" xmlns:structure="${NS.structure}">`;

function dataflows(): string {
  return (
    '<structure:Dataflows>' +
    `<structure:Dataflow ${maintained(FLOW_ID)} urn="urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=` +
    `${AGENCY}:${FLOW_ID}(${FLOW_VERSION})">${name('Economic indicators')}` +
    `<structure:Structure><Ref ${maintained(FLOW_ID)} package="datastructure" class="DataStructure"/>` +
    '</structure:Structure></structure:Dataflow></structure:Dataflows>'
  );
}

function codelist(id: string, title: string, codes: ReadonlyArray<[string, string]>): string {
  const items = codes.map(([code, text]) => `<structure:Code id="${xmlText(code)}">${name(text)}</structure:Code>`);
  return `<structure:Codelist ${maintained(id)}>${name(title)}${items.join('')}</structure:Codelist>`;
}

function codelists(codes: StructureCodes): string {
  const units = new Map<string, string>();
  for (const i of codes.indicators) if (!units.has(i.unit_code)) units.set(i.unit_code, i.unit);
  return (
    '<structure:Codelists>' +
    codelist('CL_FREQ', 'Frequency', Object.entries(FREQ_NAMES)) +
    codelist(
      'CL_AREA',
      'Reference area',
      codes.countries.map((c) => [c.country_id, c.name]),
    ) +
    codelist(
      'CL_INDICATOR',
      'Indicator',
      codes.indicators.map((i) => [i.kpi_id, i.name]),
    ) +
    codelist('CL_UNIT', 'Unit of measure', [...units]) +
    codelist('CL_OBS_STATUS', 'Observation status', Object.entries(OBS_STATUS_NAMES)) +
    '</structure:Codelists>'
  );
}

function concepts(): string {
  const items = CONCEPTS.map(([id, text]) => `<structure:Concept id="${id}">${name(text)}</structure:Concept>`);
  return (
    `<structure:Concepts><structure:ConceptScheme ${maintained(CONCEPT_SCHEME)}>` +
    `${name('Concepts of the economic indicators')}${items.join('')}</structure:ConceptScheme></structure:Concepts>`
  );
}

const conceptIdentity = (id: string) =>
  `<structure:ConceptIdentity><Ref id="${id}" maintainableParentID="${CONCEPT_SCHEME}" ` +
  `maintainableParentVersion="${FLOW_VERSION}" agencyID="${AGENCY}" package="conceptscheme" class="Concept"/>` +
  '</structure:ConceptIdentity>';

const enumeration = (component: string) =>
  '<structure:LocalRepresentation><structure:Enumeration>' +
  `<Ref ${maintained(CODELIST_OF[component]!)} package="codelist" class="Codelist"/>` +
  '</structure:Enumeration></structure:LocalRepresentation>';

function dataStructure(): string {
  const dimensions = DIMENSIONS.map(
    (id, i) =>
      `<structure:Dimension id="${id}" position="${i + 1}">` +
      `${conceptIdentity(id)}${enumeration(id)}</structure:Dimension>`,
  ).join('');
  const time =
    `<structure:TimeDimension id="TIME_PERIOD" position="${DIMENSIONS.length + 1}">` +
    conceptIdentity('TIME_PERIOD') +
    '<structure:LocalRepresentation><structure:TextFormat textType="ObservationalTimePeriod"/>' +
    '</structure:LocalRepresentation></structure:TimeDimension>';
  const seriesRelation = DIMENSIONS.map((id) => `<structure:Dimension><Ref id="${id}"/></structure:Dimension>`).join(
    '',
  );
  const attributes =
    `<structure:Attribute id="UNIT_MEASURE" assignmentStatus="Mandatory">${conceptIdentity('UNIT_MEASURE')}` +
    `${enumeration('UNIT_MEASURE')}<structure:AttributeRelationship>${seriesRelation}` +
    '</structure:AttributeRelationship>' +
    '</structure:Attribute>' +
    `<structure:Attribute id="OBS_STATUS" assignmentStatus="Mandatory">${conceptIdentity('OBS_STATUS')}` +
    `${enumeration('OBS_STATUS')}<structure:AttributeRelationship><structure:PrimaryMeasure><Ref id="OBS_VALUE"/>` +
    '</structure:PrimaryMeasure></structure:AttributeRelationship></structure:Attribute>';
  return (
    `<structure:DataStructures><structure:DataStructure ${maintained(FLOW_ID)} urn="${STRUCTURE_URN}">` +
    `${name('Economic indicators')}<structure:DataStructureComponents>` +
    `<structure:DimensionList id="DimensionDescriptor">${dimensions}${time}</structure:DimensionList>` +
    `<structure:AttributeList id="AttributeDescriptor">${attributes}</structure:AttributeList>` +
    '<structure:MeasureList id="MeasureDescriptor"><structure:PrimaryMeasure id="OBS_VALUE">' +
    `${conceptIdentity('OBS_VALUE')}</structure:PrimaryMeasure></structure:MeasureList>` +
    '</structure:DataStructureComponents></structure:DataStructure></structure:DataStructures>'
  );
}

/** The dataflow, as an SDMX-ML 2.1 structure message (with its data structure and children when asked). */
export function dataflowMessage(ctx: { id: string; prepared: string }, children?: StructureCodes): string {
  return (
    `${open()}${header(ctx.id, ctx.prepared)}<message:Structures>${dataflows()}` +
    (children ? `${codelists(children)}${concepts()}${dataStructure()}` : '') +
    '</message:Structures></message:Structure>\n'
  );
}

/** The data structure, as an SDMX-ML 2.1 structure message; with `children`, its code lists and concepts too. */
export function dataStructureMessage(ctx: { id: string; prepared: string }, children?: StructureCodes): string {
  return (
    `${open()}${header(ctx.id, ctx.prepared)}<message:Structures>` +
    (children ? `${codelists(children)}${concepts()}` : '') +
    `${dataStructure()}</message:Structures></message:Structure>\n`
  );
}
