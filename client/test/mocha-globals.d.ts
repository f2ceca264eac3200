// Mocha's globals as @web/test-runner provides them in the browser (its types are not installed).
type MochaDone = (error?: unknown) => void;
type MochaCallback = ((this: unknown) => void | Promise<unknown>) | ((this: unknown, done: MochaDone) => void);

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: MochaCallback): void;
declare function before(body: MochaCallback): void;
declare function after(body: MochaCallback): void;
declare function beforeEach(body: MochaCallback): void;
declare function afterEach(body: MochaCallback): void;
