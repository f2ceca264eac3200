import { expect } from '@esm-bundle/chai';
import './not-found-page.ts';
import { axeViolations } from '../test/axe.ts';
import { shadowQuery, waitFor } from '../test/fake-server.ts';

describe('<not-found-page>', () => {
  it('says the page was not found, links back to the start and passes an axe check', async () => {
    const page = document.createElement('not-found-page');
    document.body.append(page);
    try {
      await waitFor(() => shadowQuery(page, 'h1'), 'the heading');
      expect(shadowQuery(page, 'h1')?.textContent?.trim()).to.equal('Page not found');
      expect(shadowQuery(page, 'a[href="/"]')).to.not.equal(null);
      expect(await axeViolations(page)).to.deep.equal([]);
    } finally {
      page.remove();
    }
  });
});
