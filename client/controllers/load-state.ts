// A view's read from the server in one place: loading until the server answers, then what it answered or, in the
// server's words, why not (the view offers a retry that is `load` itself). A view holds one per read and reads
// `state` when it renders.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { errorMessage } from '../api/http.ts';

export type Loaded<T> = { kind: 'loading' } | { kind: 'loaded'; value: T } | { kind: 'failed'; message: string };

export class LoadState<T> implements ReactiveController {
  state: Loaded<T> = { kind: 'loading' };

  /** With `onConnect`, reads each time the view is added to the page; otherwise when the view calls `load`. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly read: () => Promise<T>,
    private readonly options: { onConnect?: boolean } = {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.options.onConnect) void this.load();
  }

  /** Which read is the latest: an earlier one answering after it is dropped (the view asked again meanwhile). */
  private reads = 0;

  /** Reads (again). Bound, so it can be given as the retry handler as it is. */
  readonly load = async (): Promise<void> => {
    const read = ++this.reads;
    this.set({ kind: 'loading' });
    try {
      const value = await this.read();
      if (read === this.reads) this.set({ kind: 'loaded', value });
    } catch (error) {
      if (read === this.reads) this.set({ kind: 'failed', message: errorMessage(error) });
    }
  };

  /** Changes what was read after a change made here (an item added or removed), without reading again. */
  change(update: (value: T) => T): void {
    if (this.state.kind === 'loaded') this.set({ kind: 'loaded', value: update(this.state.value) });
  }

  private set(state: Loaded<T>): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
