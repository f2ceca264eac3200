import type { OverlayRule, Pack, ReferenceData, Role } from '../../../schema/reference/index.ts';
import { GENERAL_PACK_ID } from '../../../schema/reference/index.ts';
import { realRoles, type PolicyContext } from './context.ts';

/**
 * packs: industry overlays tried before the taxonomy rules (scoring.md §2). Each rule gives a title that
 * means something particular in the industry its US SOC-2018 and UK SOC-2020 codes; the UK codes follow
 * the ONS coding index's entries for those titles. Patterns run against normalised titles (lower case,
 * punctuation as spaces, abbreviations expanded). A rule takes the role of the taxonomy role anchored on
 * its US code, when there is one.
 */

type OverlaySpec = [pattern: string, usSoc2018: string, ukSoc2020: string];

const FINANCIAL_SERVICES: OverlaySpec[] = [
  ['\\b(bank|banking|branch|counter) (cashier|teller|clerk)\\b|\\bteller\\b', '43-3071', '4123'],
  ['\\brelationship (manager|director|executive|officer|associate)\\b', '41-3031', '3534'],
  ['\\b(mortgage|loan|lending|credit) underwriter\\b', '13-2072', '3532'],
  ['\\bunderwriter\\b|\\bunderwriting (assistant|technician|executive)\\b', '13-2053', '3532'],
  ['\\bmortgage (adviser|advisor|consultant|specialist|broker)\\b', '13-2072', '2422'],
  ['\\b(loan|lending) (officer|adviser|advisor|specialist)\\b', '13-2072', '2422'],
  ['\\bclaims? (handler|adjuster|assessor|adviser|advisor|executive|technician|officer|negotiator|consultant)\\b|\\bloss adjuster\\b', '13-1031', '4132'],
  ['\\b(kyc|know your customer|aml|anti money laundering|financial crime|sanctions|onboarding) (analyst|officer|investigator|specialist|associate|reviewer)\\b', '13-1041', '2482'],
  ['\\bfraud (analyst|investigator|officer|specialist)\\b', '13-2099', '3319'],
  ['\\bactuar(y|ial analyst|ial assistant|ial associate|ial manager)\\b', '15-2011', '2433'],
  ['\\b(portfolio|fund|investment|asset) manager\\b', '11-3031', '3534'],
  ['\\b(equity|bond|fx|foreign exchange|derivatives|commodities|securities|credit|rates) trader\\b|\\btrader\\b', '41-3031', '3531'],
  ['\\b(investment|equity|credit|research|fixed income) analyst\\b', '13-2051', '2422'],
  ['\\bwealth (manager|adviser|advisor|planner)\\b|\\b(independent )?financial (adviser|advisor|planner)\\b', '13-2052', '2422'],
  ['\\b(fund|investment|portfolio) accountant\\b', '13-2011', '2421'],
  ['\\b(collections?|recoveries|arrears) (agent|officer|adviser|advisor|specialist|handler|executive)\\b', '43-3011', '7122'],
  ['\\b(bank|branch) manager\\b', '11-3031', '1131'],
  ['\\b(payments?|settlements?|reconciliations?|trade support|custody|fund administration) (analyst|officer|associate|administrator|clerk|assistant|specialist)\\b', '43-3099', '4129'],
  ['\\b(insurance|pensions?|policy) (administrator|clerk|assistant|technician|servicing)\\b', '43-9041', '4132'],
];

const RETAIL: OverlaySpec[] = [
  ['\\b(assistant|deputy) (store|shop) manager\\b', '41-1011', '7132'],
  ['\\b(store|shop|branch) manager\\b', '41-1011', '1150'],
  ['\\b(store|shop|department|section|duty|checkout|shift) (supervisor|team leader|leader)\\b', '41-1011', '7132'],
  ['\\bvisual merchandis(er|ing)\\b', '27-1026', '7125'],
  ['\\b(merchandiser|merchandise planner|allocator|allocation analyst|range planner)\\b', '13-1022', '3553'],
  ['\\b(assistant |junior |senior )?buyer\\b', '13-1022', '3551'],
  ['\\b(checkout|check out|till|cash desk) (operator|assistant|colleague)\\b|\\bcashier\\b', '41-2011', '7112'],
  ['\\b(replenishment|stock|shelf|night|ambient|chilled|fresh) (assistant|colleague|filler|replenisher|worker|team member)\\b|\\bshelf stacker\\b', '53-7065', '9241'],
  ['\\b(online|home delivery|grocery|order) (picker|shopper)\\b|\\bpicker\\b', '53-7065', '9252'],
  ['\\b(store|loss prevention) (detective|officer|adviser|advisor)\\b', '33-9021', '9231'],
  ['\\bpharmacy (assistant|advisor|adviser|counter assistant)\\b', '31-9095', '7114'],
  ['\\bhome delivery driver\\b|\\bdelivery driver\\b', '53-3033', '8214'],
  ['\\b(sales|retail|shop|store|customer|floor) (assistant|associate|adviser|advisor|colleague|team member|consultant)\\b|\\b(team member|colleague)\\b', '41-2031', '7111'],
];

const PUBLIC_SECTOR: OverlaySpec[] = [
  ['\\b(higher|senior) executive officer\\b', '13-1111', '3560'],
  ['\\bexecutive officer\\b', '43-9061', '4111'],
  ['\\badministrative (officer|assistant)\\b', '43-9061', '4111'],
  ['\\b(case ?worker|case officer|case manager)\\b', '43-4061', '4111'],
  ['\\b(benefits?|revenues?|council tax|business rates|housing benefits?) (officer|assessor|adviser|advisor|assistant|processor|visitor)\\b', '43-4061', '4112'],
  ['\\bhousing (officer|adviser|advisor|support officer|options officer)\\b', '21-1093', '3223'],
  ['\\b(planning|development management|planning enforcement) officer\\b|\\btown planner\\b', '19-3051', '2452'],
  ['\\benvironmental health (officer|practitioner|technician)\\b', '19-5011', '2483'],
  ['\\b(trading standards|licensing|enforcement|building control) officer\\b', '13-1041', '3581'],
  ['\\b(civil enforcement|parking enforcement|parking|traffic) (officer|warden|attendant)\\b', '33-3041', '6312'],
  ['\\b(refuse|waste|bin|recycling) (collector|loader|operative)\\b', '53-7081', '9225'],
  ['\\bstreet (cleaner|sweeper|scene operative)\\b', '37-2019', '9222'],
  ['\\b(policy|strategy) (officer|adviser|advisor|analyst|lead|manager)\\b', '19-3094', '3560'],
  ['\\bprobation (officer|services officer)\\b|\\boffender manager\\b', '21-1092', '2462'],
  ['\\b(prison|custody|custodial) officer\\b', '33-3012', '3314'],
  ['\\bpolice (constable|officer|sergeant)\\b', '33-3051', '3312'],
];

const HEALTHCARE: OverlaySpec[] = [
  ['^consultant\\b(?! (nurse|midwife|physiotherapist|psychologist|pharmacist|practitioner|radiographer|therapist|paramedic|scientist))', '29-1229', '2212'],
  ['\\b(specialty|specialist|speciality|surgical|medical) registrar\\b|\\bregistrar (in|to) (medicine|surgery|anaesthetics|paediatrics)\\b', '29-1229', '2212'],
  ['\\b(foundation (year )?[12]?|junior|resident|senior house officer|staff grade|clinical fellow|trust grade) doctor\\b|\\bsenior house officer\\b', '29-1229', '2211'],
  ['\\b(staff|ward|charge|registered|theatre|scrub|deputy ward|bank) nurse\\b|\\b(ward|junior|senior) sister\\b', '29-1141', '2237'],
  ['\\b(healthcare|health care|clinical support|nursing|maternity support) (assistant|support worker|worker)\\b', '31-1131', '6131'],
  ['\\b(hospital|theatre|ward|patient|domestic) porter\\b|\\bporter\\b', '31-1132', '9262'],
  ['\\b(ward|medical|clinic|outpatient|clinical) (clerk|receptionist|administrator|coordinator)\\b', '43-6013', '4211'],
  ['\\b(operating department|theatre) practitioner\\b', '29-2055', '2259'],
  ['\\bphlebotomist\\b', '31-9097', '6131'],
  ['\\b(ward|hospital|housekeeping) (housekeeper|domestic|hostess|host)\\b', '37-2012', '9223'],
];

interface PackSpec {
  id: string;
  label: string;
  description: string;
  overlay: OverlaySpec[];
  lifecycleId?: string;
  copilotFit?: Record<string, string>;
}

export const PACKS: PackSpec[] = [
  {
    id: GENERAL_PACK_ID,
    label: 'General',
    description: 'No industry overlay: titles are read by the taxonomy rules and the generic value chain applies.',
    overlay: [],
  },
  {
    id: 'financial-services',
    label: 'Financial services',
    description: 'Banks, building societies, insurers and wealth managers: branch, underwriting, claims, financial crime, trading and fund roles.',
    overlay: FINANCIAL_SERVICES,
    lifecycleId: 'financial-services',
    copilotFit: { '41': 'core' },
  },
  {
    id: 'retail',
    label: 'Retail',
    description: 'Stores, supermarkets and online retail: store management, shop-floor, checkout, replenishment, buying and merchandising roles.',
    overlay: RETAIL,
    lifecycleId: 'retail',
    copilotFit: { '41': 'limited' },
  },
  {
    id: 'public-sector',
    label: 'Public sector',
    description: 'Central and local government: civil service grades, casework, revenues and benefits, housing, planning, regulation and street services.',
    overlay: PUBLIC_SECTOR,
    lifecycleId: 'public-sector',
    copilotFit: { '21': 'regular' },
  },
  {
    id: 'healthcare',
    label: 'Healthcare',
    description: 'Hospitals and community health: medical grades (consultant, registrar), ward nursing, healthcare assistants, porters and ward administration.',
    overlay: HEALTHCARE,
    lifecycleId: 'healthcare',
    copilotFit: { '29': 'occasional', '31': 'limited' },
  },
];

function overlayRule([pattern, usSoc2018, ukSoc2020]: OverlaySpec, byAnchor: Map<string, Role[]>): OverlayRule {
  const roles = byAnchor.get(usSoc2018) ?? [];
  const role = roles.find((r) => r.ukSoc2020 === ukSoc2020) ?? roles[0];
  return role ? { pattern, usSoc2018, ukSoc2020, category: role.category, subcategory: role.subcategory } : { pattern, usSoc2018, ukSoc2020 };
}

export function buildPacks(ctx: PolicyContext): ReferenceData['packs'] {
  const byAnchor = new Map<string, Role[]>();
  for (const role of realRoles(ctx.taxonomy)) {
    if (role.anchor) byAnchor.set(role.anchor.usSoc2018, [...(byAnchor.get(role.anchor.usSoc2018) ?? []), role]);
  }
  return PACKS.map((spec): Pack => {
    const pack: Pack = { id: spec.id, label: spec.label, description: spec.description, overlay: spec.overlay.map((o) => overlayRule(o, byAnchor)) };
    if (spec.lifecycleId) pack.lifecycleId = spec.lifecycleId;
    if (spec.copilotFit) pack.copilotFit = spec.copilotFit;
    return pack;
  });
}
