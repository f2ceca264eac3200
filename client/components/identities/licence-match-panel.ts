// <licence-match-panel>: a member with PII access matches a licence list (a CSV of emails) against the
// dataset's stored emails. The file is read in the browser; the server compares keyed hashes and answers
// with positions in the list, so the page shows how many matched and which employee IDs.
import { css, html, nothing } from 'lit';
import { PURPOSE_MAX, PURPOSE_MIN, matchLicenceList, type MatchReply } from '../../api/identities.ts';
import { parseCsv } from '../../../workers/import/csv.ts';
import { decodeText } from '../../../workers/import/encoding.ts';
import '../common/error-notice.ts';
import { IdentityPanel } from './identity-panel.ts';
import { identityPanelStyles } from './panel-styles.ts';

/** Every cell of the file that holds an @, in order: the licence list's emails whatever its layout. */
export function emailsInCsv(bytes: Uint8Array): string[] {
  const { rows } = parseCsv(decodeText(bytes).text);
  return rows.flatMap((cells) => cells.map((c) => c.trim()).filter((c) => c.normalize('NFKC').includes('@')));
}

export class LicenceMatchPanel extends IdentityPanel<MatchReply> {
  static override styles = [
    ...identityPanelStyles,
    css`
      input[type='text'] {
        font: inherit;
      }
      .ids {
        max-height: 16rem;
        overflow: auto;
      }
    `,
  ];

  private async match(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const file = form.get('licence-list');
    if (!(file instanceof File) || file.size === 0) {
      this.result = null;
      this.error = 'Choose a CSV file of emails.';
      return;
    }
    await this.request('Reading the list…', async () => {
      const emails = emailsInCsv(new Uint8Array(await file.arrayBuffer()));
      if (emails.length === 0) throw new Error('No email addresses were found in this file.');
      this.busy = `Matching ${emails.length.toLocaleString('en-GB')} emails…`;
      return matchLicenceList(this.datasetId, String(form.get('purpose') ?? '').trim(), emails);
    });
  }

  override render() {
    return html`<form @submit=${this.match}>
        <div class="field">
          <label for="licence-file">Licence list <span class="hint">A CSV file; every cell holding an email is matched. It is read in this browser.</span></label>
          <input id="licence-file" name="licence-list" type="file" accept=".csv,text/csv,text/plain" required />
        </div>
        <div class="field">
          <label for="match-purpose">Purpose <span class="hint">Kept in the audit trail (${PURPOSE_MIN} to ${PURPOSE_MAX} characters, no email addresses).</span></label>
          <input id="match-purpose" name="purpose" type="text" required minlength=${PURPOSE_MIN} maxlength=${PURPOSE_MAX} />
        </div>
        <div><button type="submit" ?disabled=${this.busy !== ''}>Match the list</button></div>
      </form>
      ${this.busy ? html`<p role="status">${this.busy}</p>` : nothing}
      <error-notice .message=${this.error}></error-notice>
      ${this.result ? this.renderResult(this.result) : nothing}`;
  }

  private renderResult(result: MatchReply) {
    const ids = [...new Set(result.matches.flatMap((m) => m.employeeIds))].sort();
    return html`<p role="status" class="outcome">
        ${result.matched.toLocaleString('en-GB')} of ${result.total.toLocaleString('en-GB')} emails matched
        ${result.people.toLocaleString('en-GB')} ${result.people === 1 ? 'person' : 'people'} in this dataset.
      </p>
      ${ids.length > 0
        ? html`<details open>
            <summary>Matched employee IDs</summary>
            <ul class="ids">${ids.map((id) => html`<li>${id}</li>`)}</ul>
          </details>`
        : nothing}`;
  }
}

customElements.define('licence-match-panel', LicenceMatchPanel);

declare global {
  interface HTMLElementTagNameMap {
    'licence-match-panel': LicenceMatchPanel;
  }
}
