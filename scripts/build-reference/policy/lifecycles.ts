import type { DefinedLifecycle, ReferenceData, Role } from '../../../schema/reference/index.ts';
import { anchorMajor, realRoles, round, type PolicyContext } from './context.ts';

/**
 * lifecycles: the generic value chain (every category placed in one phase) and industry value chains
 * (each role type spread over phases). A chain spreads each category by its business function
 * (categoryWeights) and lists separately the role types whose anchor US occupation the industry places
 * differently (roleWeights), e.g. an underwriter in financial services.
 */

type Weights = Record<string, number>;

/** Business function of a category, read from its name; null when the name does not say. */
const FUNCTION_BY_NAME: [RegExp, string][] = [
  [/executive|leadership|strategy|general management/i, 'lead'],
  [/customer/i, 'serve'],
  [/sales|marketing|communications|commercial|business development|retail|arts|media|creative/i, 'market'],
  [/logistics|supply chain|transport|warehous|distribution|procurement|purchasing/i, 'deliver'],
  [/engineering|science|research|design|\bproduct\b|architecture|surveying/i, 'develop'],
  [/finance|account|human resources|\bhr\b|people|legal|technology|\bit\b|data|admin|office|business support|facilities|property|estates|risk|compliance|security/i, 'support'],
  [/operations|manufactur|production|construction|trades|maintenance|repair|health|care|education|hospitality|public|agricultur|energy|personal services/i, 'operate'],
];

/** Fallback when a category's name says nothing: the generic phase of its roles' usual US major group. */
const PHASE_BY_MAJOR: Record<string, string> = {
  '11': 'lead', '13': 'support', '15': 'support', '17': 'develop', '19': 'develop', '21': 'operate', '23': 'support',
  '25': 'operate', '27': 'market', '29': 'operate', '31': 'operate', '33': 'operate', '35': 'operate', '37': 'operate',
  '39': 'operate', '41': 'market', '43': 'support', '45': 'operate', '47': 'operate', '49': 'serve', '51': 'operate',
  '53': 'deliver', '55': 'operate',
};

export const GENERIC_PHASES = [
  { key: 'lead', label: 'Strategy and leadership' },
  { key: 'develop', label: 'Research, design and engineering' },
  { key: 'market', label: 'Marketing and sales' },
  { key: 'operate', label: 'Operations and service delivery' },
  { key: 'deliver', label: 'Logistics and supply' },
  { key: 'serve', label: 'Customer service and aftercare' },
  { key: 'support', label: 'Support functions' },
];

export function genericFunction(category: string, roles: Role[]): string {
  const named = FUNCTION_BY_NAME.find(([pattern]) => pattern.test(category));
  if (named) return named[1];
  const counts = new Map<string, number>();
  for (const role of roles) {
    const major = anchorMajor(role);
    if (major) counts.set(major, (counts.get(major) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return top ? (PHASE_BY_MAJOR[top[0]] ?? 'operate') : 'operate';
}

/** An industry value chain: phases, phases for characteristic US occupations, and phases per function. */
interface IndustryChain {
  id: string;
  label: string;
  phases: { key: string; label: string }[];
  /** Anchor US code (or a prefix ending in '-' or a shorter code prefix) to weights. Longest prefix wins. */
  byOccupation: Record<string, Weights>;
  /** Generic function (see FUNCTION_BY_NAME) to weights. */
  byFunction: Record<string, Weights>;
}

const FINANCIAL_SERVICES: IndustryChain = {
  id: 'financial-services',
  label: 'Financial services (banking, insurance, wealth)',
  phases: [
    { key: 'acquire', label: 'Acquire and advise customers' },
    { key: 'onboard', label: 'Onboard, underwrite and lend' },
    { key: 'service', label: 'Service accounts and claims' },
    { key: 'invest', label: 'Trade and invest' },
    { key: 'risk', label: 'Risk, compliance and audit' },
    { key: 'enable', label: 'Technology and corporate functions' },
  ],
  byOccupation: {
    '13-2053': { onboard: 1 }, '13-2072': { onboard: 0.6, acquire: 0.4 }, '13-2041': { onboard: 1 },
    '43-4141': { onboard: 1 }, '43-4041': { onboard: 1 }, '43-4131': { onboard: 1 },
    '43-3071': { service: 1 }, '13-1031': { service: 1 }, '43-9041': { service: 1 }, '43-3011': { service: 1 },
    '43-4051': { service: 1 }, '13-1041': { risk: 1 }, '13-2061': { risk: 1 }, '13-2054': { risk: 1 },
    '15-2011': { risk: 0.5, onboard: 0.5 }, '13-2011': { enable: 0.7, risk: 0.3 }, '23-': { risk: 1 },
    '41-3031': { acquire: 0.5, invest: 0.5 }, '13-2051': { invest: 1 }, '13-2052': { acquire: 1 }, '41-3021': { acquire: 1 },
    '11-3031': { enable: 0.5, invest: 0.5 },
  },
  byFunction: {
    lead: { enable: 1 }, market: { acquire: 1 }, serve: { service: 1 }, support: { enable: 1 },
    develop: { enable: 1 }, deliver: { enable: 1 }, operate: { service: 1 },
  },
};

const RETAIL: IndustryChain = {
  id: 'retail',
  label: 'Retail',
  phases: [
    { key: 'source', label: 'Buy, source and plan ranges' },
    { key: 'supply', label: 'Supply chain and fulfilment' },
    { key: 'sell', label: 'Stores and online sales' },
    { key: 'engage', label: 'Marketing and customer engagement' },
    { key: 'support', label: 'Head-office support' },
  ],
  byOccupation: {
    '13-1022': { source: 1 }, '13-1023': { source: 1 }, '11-3061': { source: 1 }, '13-1081': { supply: 1 },
    '53-7065': { sell: 0.6, supply: 0.4 }, '53-7062': { supply: 1 }, '53-3032': { supply: 1 }, '53-3033': { supply: 1 },
    '53-7051': { supply: 1 }, '43-5071': { supply: 1 }, '43-5081': { supply: 0.5, sell: 0.5 },
    '41-2031': { sell: 1 }, '41-2011': { sell: 1 }, '41-1011': { sell: 1 }, '27-1026': { sell: 1 }, '41-2021': { sell: 1 },
    '35-': { sell: 1 }, '33-9032': { sell: 1 }, '33-9021': { sell: 1 }, '43-4051': { engage: 0.5, sell: 0.5 },
  },
  byFunction: {
    lead: { support: 1 }, market: { engage: 1 }, serve: { engage: 0.5, sell: 0.5 }, support: { support: 1 },
    develop: { source: 1 }, deliver: { supply: 1 }, operate: { sell: 1 },
  },
};

const PUBLIC_SECTOR: IndustryChain = {
  id: 'public-sector',
  label: 'Public sector (central and local government)',
  phases: [
    { key: 'policy', label: 'Policy and strategy' },
    { key: 'design', label: 'Service design and commissioning' },
    { key: 'assess', label: 'Casework and assessment' },
    { key: 'deliver', label: 'Frontline service delivery' },
    { key: 'enforce', label: 'Regulation and enforcement' },
    { key: 'corporate', label: 'Corporate services' },
  ],
  byOccupation: {
    '19-3094': { policy: 1 }, '11-1031': { policy: 1 }, '11-1011': { policy: 0.5, corporate: 0.5 },
    '13-1111': { design: 1 }, '19-3051': { design: 1 }, '13-1023': { design: 1 }, '11-3061': { design: 1 },
    '43-4061': { assess: 1 }, '21-1093': { assess: 1 }, '21-1021': { assess: 0.4, deliver: 0.6 }, '21-1092': { assess: 0.5, enforce: 0.5 },
    '43-9061': { assess: 0.5, corporate: 0.5 }, '13-1041': { enforce: 1 }, '33-3041': { enforce: 1 }, '33-3051': { enforce: 1 },
    '33-3012': { enforce: 1 }, '19-5011': { enforce: 1 }, '47-4011': { enforce: 1 }, '13-2081': { enforce: 1 },
    '33-2011': { deliver: 1 }, '53-7081': { deliver: 1 }, '37-': { deliver: 1 }, '25-': { deliver: 1 }, '29-': { deliver: 1 }, '31-': { deliver: 1 },
  },
  byFunction: {
    lead: { policy: 0.5, corporate: 0.5 }, market: { corporate: 1 }, serve: { deliver: 1 }, support: { corporate: 1 },
    develop: { design: 1 }, deliver: { deliver: 1 }, operate: { deliver: 1 },
  },
};

const HEALTHCARE: IndustryChain = {
  id: 'healthcare',
  label: 'Healthcare (hospital and community care)',
  phases: [
    { key: 'access', label: 'Access, booking and referral' },
    { key: 'diagnose', label: 'Assessment and diagnosis' },
    { key: 'treat', label: 'Treatment and care' },
    { key: 'recover', label: 'Recovery and community care' },
    { key: 'clinical-support', label: 'Clinical support services' },
    { key: 'corporate', label: 'Corporate, estates and facilities' },
  ],
  byOccupation: {
    '43-6013': { access: 1 }, '43-4171': { access: 1 }, '43-4111': { access: 1 }, '29-2072': { access: 1 },
    '29-2034': { diagnose: 1 }, '29-2035': { diagnose: 1 }, '29-2032': { diagnose: 1 }, '29-2011': { diagnose: 1 },
    '29-2012': { diagnose: 1 }, '29-2018': { diagnose: 1 }, '31-9097': { diagnose: 1 }, '29-1224': { diagnose: 1 },
    '29-1215': { access: 0.4, diagnose: 0.3, treat: 0.3 }, '29-1141': { treat: 0.7, recover: 0.3 }, '31-1131': { treat: 1 },
    '29-12': { diagnose: 0.5, treat: 0.5 }, '29-1151': { treat: 1 }, '29-1171': { diagnose: 0.5, treat: 0.5 },
    '29-1123': { recover: 1 }, '29-1122': { recover: 1 }, '29-1127': { recover: 1 }, '31-1122': { recover: 1 },
    '31-1121': { recover: 1 }, '21-1022': { recover: 1 }, '29-2061': { treat: 1 }, '29-2055': { treat: 1 },
    '29-1051': { 'clinical-support': 1 }, '29-2052': { 'clinical-support': 1 }, '31-1132': { 'clinical-support': 1 },
    '31-9093': { 'clinical-support': 1 }, '37-': { corporate: 1 }, '35-': { corporate: 1 },
  },
  byFunction: {
    lead: { corporate: 1 }, market: { corporate: 1 }, serve: { access: 1 }, support: { corporate: 1 },
    develop: { 'clinical-support': 1 }, deliver: { corporate: 1 }, operate: { treat: 1 },
  },
};

export const INDUSTRY_CHAINS = [FINANCIAL_SERVICES, RETAIL, PUBLIC_SECTOR, HEALTHCARE];

/** Weights for the longest matching code prefix (exact code first). */
function byOccupation(chain: IndustryChain, code: string | undefined): Weights | undefined {
  if (!code) return undefined;
  for (let len = code.length; len >= 2; len--) {
    const hit = chain.byOccupation[code.slice(0, len)];
    if (hit) return hit;
  }
  return undefined;
}

/** Rounds weights to two places and puts the rounding remainder on the largest, so they sum to exactly 1. */
export function normaliseWeights(weights: Weights): Weights {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  const entries = Object.entries(weights).map(([k, v]) => [k, round(v / total, 2)] as [string, number]);
  const sum = entries.reduce((a, [, v]) => a + v, 0);
  entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  entries[0][1] = round(entries[0][1] + 1 - sum, 2);
  return Object.fromEntries(entries);
}

/**
 * A chain's weights: each category through its function, and the role types whose anchor occupation the
 * industry treats differently from their category, listed on their own.
 */
function buildChain(chain: IndustryChain, roles: Role[], functionOf: Map<string, string>): DefinedLifecycle {
  const categoryWeights: Record<string, Weights> = {};
  for (const [category, fn] of [...functionOf].sort((a, b) => a[0].localeCompare(b[0]))) {
    categoryWeights[category] = normaliseWeights(chain.byFunction[fn]);
  }
  const roleWeights: DefinedLifecycle['roleWeights'] = [];
  const seen = new Set<string>();
  for (const role of roles) {
    const specific = byOccupation(chain, role.anchor?.usSoc2018);
    if (!specific || seen.has(role.subcategory)) continue;
    seen.add(role.subcategory);
    const weights = normaliseWeights(specific);
    if (JSON.stringify(weights) !== JSON.stringify(categoryWeights[role.category])) roleWeights.push({ subcategory: role.subcategory, weights });
  }
  return { id: chain.id, label: chain.label, phases: chain.phases, roleWeights, categoryWeights };
}

export function buildLifecycles(ctx: PolicyContext): ReferenceData['lifecycles'] {
  const roles = realRoles(ctx.taxonomy);
  const byCategory = new Map<string, Role[]>();
  for (const role of roles) byCategory.set(role.category, [...(byCategory.get(role.category) ?? []), role]);
  const functionOf = new Map([...byCategory].map(([category, list]) => [category, genericFunction(category, list)]));
  const categoryPhase = Object.fromEntries([...functionOf].sort((a, b) => a[0].localeCompare(b[0])));
  return {
    generic: { phases: GENERIC_PHASES, categoryPhase, defaultPhase: 'operate' },
    defined: INDUSTRY_CHAINS.map((chain) => buildChain(chain, roles, functionOf)),
    // Support functions sit in every industry chain, so headcount coverage cannot tell industries apart;
    // an engagement gets an industry chain through its pack instead.
    autoLifecycleId: null,
    meaningfulShare: 0.6,
  };
}
