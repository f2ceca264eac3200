// Mocha's globals as @web/test-runner provides them in the browser (its types are not installed).
type MochaDone = (error?: unknown) => void;
/** The part of Mocha's test context the tests use. */
interface MochaContext {
  timeout(ms: number): void;
}
type MochaCallback = ((this: MochaContext) => void | Promise<unknown>) | ((this: MochaContext, done: MochaDone) => void);

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: MochaCallback): void;
declare function before(body: MochaCallback): void;
declare function after(body: MochaCallback): void;
declare function beforeEach(body: MochaCallback): void;
declare function afterEach(body: MochaCallback): void;
