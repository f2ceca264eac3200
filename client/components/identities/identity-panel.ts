// What the identity panels share: each sends one request for a dataset after the member states a purpose, says
// what it is doing while it waits, shows a refusal as the server words it, and holds the answer only in this
// element (never IndexedDB): a new request clears the last answer first.
import { LitElement } from 'lit';
import { errorMessage } from '../../api/http.ts';

export abstract class IdentityPanel<Result> extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    busy: { state: true },
    error: { state: true },
    result: { state: true },
  };

  declare datasetId: string;
  /** What the panel is doing, in words; '' when idle. */
  declare busy: string;
  declare error: string;
  declare result: Result | null;

  constructor() {
    super();
    this.datasetId = '';
    this.busy = '';
    this.error = '';
    this.result = null;
  }

  /** Clears the last answer and refusal, then runs `work` saying `status` (which work may update) until it ends. */
  protected async request(status: string, work: () => Promise<Result>): Promise<void> {
    this.error = '';
    this.result = null;
    this.busy = status;
    try {
      this.result = await work();
    } catch (error) {
      this.error = errorMessage(error);
    } finally {
      this.busy = '';
    }
  }
}
