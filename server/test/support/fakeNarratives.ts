import { codeEvery, type FakeReply } from './fakeOpenAi.ts';

/** Which contract a request to the fake provider asks for, from its structured-output name. */
export const contractOf = (body: any): string => body.response_format?.json_schema?.name;

/** The facts JSON a narrative request carries, read back from the rendered template. */
export function factsSent(body: any): any {
  const user: string = body.messages.find((m: any) => m.role === 'user').content;
  const start = user.indexOf('{');
  const end = user.indexOf('\n\nQuestion:');
  return JSON.parse(user.slice(start, end === -1 ? undefined : end));
}

/** The role types a value-chain request carries. */
export function rolesSent(body: any): { role: string; headcount: number }[] {
  const user: string = body.messages.find((m: any) => m.role === 'user').content;
  return JSON.parse(user.slice(user.indexOf('[')));
}

export const datasetSourceOf = (body: any): string => /dataset:[0-9a-f-]{36}/.exec(body.messages[0].content)![0];

/** A narrative that quotes only the facts it was sent. */
export function groundedNarrative(body: any, confidence = 0.8, extra = ''): FakeReply {
  const facts = factsSent(body);
  const markdown = `We found **${facts.headcount} people** costing £${facts.annualCost.total.toLocaleString('en-GB')} a year.${extra}`;
  return { content: JSON.stringify({ markdown, confidence, citations: [{ source: datasetSourceOf(body), detail: 'headcount and cost' }] }) };
}

/** A value chain of three phases placing every role but the last it was sent. */
export function valueChain(body: any, phaseCount = 3): FakeReply {
  const phases = ['acquire', 'deliver', 'support', 'grow', 'plan', 'build', 'run', 'review'].slice(0, phaseCount).map((key) => ({ key, label: `Phase ${key}` }));
  const roles = rolesSent(body);
  const placed = roles.slice(0, Math.max(1, roles.length - 1)).map((r) => ({ role: r.role, weights: { [phases[0].key]: 3, [phases[1].key]: 1 } }));
  return { content: JSON.stringify({ phases, roles: placed, confidence: 0.7, citations: [{ source: datasetSourceOf(body) }] }) };
}

/** Answers every contract sensibly: classifier rows, a grounded narrative, a value chain. */
export function sensibleModel(body: any): FakeReply {
  const contract = contractOf(body);
  if (contract === 'title_classifications') return codeEvery(body, { u: '43-3051', k: '4122' });
  if (contract === 'value_chain') return valueChain(body);
  return groundedNarrative(body);
}
