import { expect } from '@esm-bundle/chai';
import './home-page.ts';
import type { HomePage } from './home-page.ts';
import { axeViolations } from '../test/axe.ts';
import { shadowQuery, waitFor } from '../test/fake-server.ts';

describe('<home-page>', () => {
  let page: HomePage | null = null;

  afterEach(() => {
    page?.remove();
    page = null;
  });

  it('welcomes the signed-in user, links to the engagements and passes an axe check', async () => {
    page = document.createElement('home-page');
    page.session = { user: { id: 'u1', email: 'lee.lead@example.com', name: 'Lee Lead', role: 'user', active: true }, environment: 'development', aiEnabled: false, signInMode: 'development' };
    document.body.append(page);
    await waitFor(() => shadowQuery(page!, 'h1'), 'the welcome');
    expect(shadowQuery(page, 'h1')?.textContent).to.equal('Welcome, Lee Lead');
    expect(shadowQuery(page, 'a[href="/engagements"]')).to.not.equal(null);
    expect(await axeViolations(page)).to.deep.equal([]);
  });
});
