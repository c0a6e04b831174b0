import { AGENCY, FLOW_ID, FLOW_VERSION, STRUCTURE_ID, STRUCTURE_URN } from '../dataflow.js';
import { xmlText, type MessageContext } from './message.js';

/**
 * The `message:Header` of an SDMX-ML 2.1 data message: id, prepared, sender, and the
 * structure its data set follows (with the structure-specific namespace where given).
 */
export function dataHeader(ctx: MessageContext, structureNamespace?: string): string {
  const dimension = ctx.flat ? 'AllDimensions' : 'TIME_PERIOD';
  const namespace = structureNamespace ? ` namespace="${structureNamespace}"` : '';
  return (
    '<message:Header>' +
    `<message:ID>${xmlText(ctx.id)}</message:ID><message:Test>false</message:Test>` +
    `<message:Prepared>${ctx.prepared}</message:Prepared><message:Sender id="${AGENCY}"/>` +
    `<message:Structure structureID="${STRUCTURE_ID}"${namespace} dimensionAtObservation="${dimension}">` +
    `<common:Structure><Ref agencyID="${AGENCY}" id="${FLOW_ID}" version="${FLOW_VERSION}"/></common:Structure>` +
    '</message:Structure></message:Header>\n'
  );
}

/** The structure-specific namespace of a data structure at one observation dimension. */
export const structureSpecificNamespace = (flat: boolean) =>
  `${STRUCTURE_URN}:ObsLevelDim:${flat ? 'AllDimensions' : 'TIME_PERIOD'}`;
