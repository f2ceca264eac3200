// The editors' save/busy/error pattern in one place: while a save runs the form is busy and the last refusal
// and "saved" line are cleared; a refusal is shown as the server words it; a save that succeeds says so until the
// next edit. An editor holds one and reads busy, error and saved from it when it renders.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { errorMessage } from '../api/http.ts';

export class SaveState implements ReactiveController {
  busy = false;
  /** The last refusal (or a problem found before sending); '' when there is none. */
  error = '';
  /** What the last save did, in words; '' once the form is edited again. */
  saved = '';

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Runs one save with the form busy; `work` answers what it did, in words. Resolves false when it was refused. */
  async run(work: () => Promise<string>): Promise<boolean> {
    this.set({ busy: true, error: '', saved: '' });
    try {
      this.set({ saved: await work() });
      return true;
    } catch (error) {
      this.set({ error: errorMessage(error) });
      return false;
    } finally {
      this.set({ busy: false });
    }
  }

  /** Shows a problem found without the server (a load that failed, a file too large); '' clears it. */
  showError(message: string): void {
    this.set({ error: message });
  }

  /** The form was edited: it no longer holds what was saved. */
  edited(): void {
    if (this.saved) this.set({ saved: '' });
  }

  /** Asks the host to render again only when something changed (as a Lit property does), so clearing what is clear costs nothing. */
  private set(fields: Partial<Pick<SaveState, 'busy' | 'error' | 'saved'>>): void {
    const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((key) => this[key] !== fields[key]);
    Object.assign(this, fields);
    if (changed) this.host.requestUpdate();
  }
}
