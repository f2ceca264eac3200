import { z } from 'zod';
import { classificationSchema, costsSchema, exposureSchema, gccSchema, orgSchema, scenariosSchema } from './assumptions.ts';
import { benchmarkSchema } from './benchmark.ts';
import { copilotSchema } from './copilot.ts';
import { lifecyclesSchema } from './lifecycles.ts';
import { locationsSchema } from './locations.ts';
import { occupationsSchema } from './occupations.ts';
import { packsSchema } from './packs.ts';
import { programmeSchema } from './programme.ts';
import { sourcesSchema } from './sources.ts';
import { taxonomySchema } from './taxonomy.ts';

/** The reference document: schemaVersion 1 and fifteen sections (spec "Reference data"). */
export const referenceSchema = z.strictObject({
  schemaVersion: z.literal(1),
  occupations: occupationsSchema,
  taxonomy: taxonomySchema,
  exposure: exposureSchema,
  classification: classificationSchema,
  costs: costsSchema,
  locations: locationsSchema,
  scenarios: scenariosSchema,
  programme: programmeSchema,
  gcc: gccSchema,
  org: orgSchema,
  lifecycles: lifecyclesSchema,
  benchmark: benchmarkSchema,
  copilot: copilotSchema,
  packs: packsSchema,
  sources: sourcesSchema,
});

export type ReferenceData = z.infer<typeof referenceSchema>;
export type Occupations = ReferenceData['occupations'];
export type Taxonomy = ReferenceData['taxonomy'];
export type TaxonomyRule = Taxonomy['rules'][number];
export type Role = Taxonomy['roles'][number];
export type Rubric = Taxonomy['defaultRubric'];
export type Region = ReferenceData['locations']['regions'][number];
export type Pack = ReferenceData['packs'][number];
export type OverlayRule = Pack['overlay'][number];
export type DefinedLifecycle = ReferenceData['lifecycles']['defined'][number];
export type SourceRef = ReferenceData['sources'][string];
export type ReferenceSection = Exclude<keyof ReferenceData, 'schemaVersion'>;

export { OTHER_CATEGORY, OTHER_SUBCATEGORY } from './taxonomy.ts';
export { GENERAL_PACK_ID } from './packs.ts';
export { GENERIC_LIFECYCLE_ID } from './lifecycles.ts';
export { SCENARIO_KEYS, type ScenarioKey } from './assumptions.ts';
export {
  occupationsSchema,
  taxonomySchema,
  exposureSchema,
  classificationSchema,
  costsSchema,
  locationsSchema,
  scenariosSchema,
  programmeSchema,
  gccSchema,
  orgSchema,
  lifecyclesSchema,
  benchmarkSchema,
  copilotSchema,
  packsSchema,
  sourcesSchema,
};
