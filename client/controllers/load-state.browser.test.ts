import { expect } from '@esm-bundle/chai';
import { LitElement } from 'lit';
import { LoadState } from './load-state.ts';

class LoadStateHost extends LitElement {}
customElements.define('load-state-host', LoadStateHost);

describe('LoadState', () => {
  it('keeps the answer of the latest read when an earlier one answers after it', async () => {
    const host = document.createElement('load-state-host') as LoadStateHost;
    document.body.append(host);
    const answers: ((value: string) => void)[] = [];
    const reads = new LoadState<string>(host, () => new Promise<string>((resolve) => answers.push(resolve)));
    const first = reads.load();
    const second = reads.load();
    answers[1]!('latest');
    await second;
    answers[0]!('stale');
    await first;
    expect(reads.state).to.deep.equal({ kind: 'loaded', value: 'latest' });
    host.remove();
  });

  it('says why a read failed, in the error\'s words', async () => {
    const host = document.createElement('load-state-host') as LoadStateHost;
    document.body.append(host);
    const reads = new LoadState<string>(host, () => Promise.reject(new Error('The server could not be reached.')));
    await reads.load();
    expect(reads.state).to.deep.equal({ kind: 'failed', message: 'The server could not be reached.' });
    host.remove();
  });
});
