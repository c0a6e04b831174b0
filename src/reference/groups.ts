import { Type } from '@sinclair/typebox';
import { COUNTRIES_FILE, Iso3, countryByIso3 } from './countries.js';
import { ReferenceDataError, deepFreeze, loadReference } from './load.js';

/**
 * Country groups (`groups.json`) by ISO3 code: G7, G20, euro area, EU, OECD, BRICS.
 */

export const GROUPS_FILE = 'groups.json';

export const GroupsFileSchema = Type.Object(
  {
    about: Type.String(),
    groups: Type.Record(Type.String({ pattern: '^[a-z0-9]+$' }), Type.Array(Iso3, { minItems: 1 }), {
      additionalProperties: false,
    }),
  },
  { additionalProperties: false },
);

/** Group id → ISO3 codes of its members, in the file's order (groups and members). */
export const GROUP_MEMBERS: Readonly<Record<string, readonly string[]>> = loadReference(
  GROUPS_FILE,
  GroupsFileSchema,
).groups;

/** The ids of the groups a country is a member of, in the file's order. */
export function groupsOf(iso3: string): string[] {
  return Object.entries(GROUP_MEMBERS)
    .filter(([, members]) => members.includes(iso3))
    .map(([group]) => group);
}

function iso2Members(group: string): readonly string[] {
  const members = GROUP_MEMBERS[group];
  if (!members) throw new ReferenceDataError(`reference data ${GROUPS_FILE} has no group ${group}`);
  return deepFreeze(
    members.map((iso3) => {
      const iso2 = countryByIso3(iso3)?.iso2;
      if (!iso2) {
        const problem = `${group} member ${iso3} is not a country of ${COUNTRIES_FILE}`;
        throw new ReferenceDataError(`reference data ${GROUPS_FILE}: ${problem}`);
      }
      return iso2;
    }),
  );
}

/** The 27 EU member states by ISO2 code, in alphabetical order of their English names. */
export const EU_MEMBERS: readonly string[] = iso2Members('eu');
