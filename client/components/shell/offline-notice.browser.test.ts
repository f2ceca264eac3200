import { expect } from '@esm-bundle/chai';
import { textOf } from '../../test/fake-server.ts';
import { OFFLINE_MESSAGE, type OfflineNotice } from './offline-notice.ts';
import './offline-notice.ts';

/** navigator.onLine is read-only; the test shadows it on the instance and fires the matching event. */
function goOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('offline notice', () => {
  let notice: OfflineNotice | null = null;

  afterEach(() => {
    notice?.remove();
    notice = null;
    delete (navigator as unknown as { onLine?: boolean }).onLine;
  });

  it('says the app is offline when the connection drops, and clears when it returns', async () => {
    notice = document.createElement('offline-notice');
    document.body.append(notice);
    await notice.updateComplete;
    const status = () => textOf(notice!.shadowRoot!.querySelector('[role=status]'));
    expect(status()).to.equal('');
    goOnline(false);
    await notice.updateComplete;
    expect(status()).to.equal(OFFLINE_MESSAGE);
    goOnline(true);
    await notice.updateComplete;
    expect(status()).to.equal('');
  });
});
