import { describe, expect, it } from 'vitest';
import { brandProblems, type Brand } from './brand.ts';
import { contrastRatio } from './contrast.ts';
import { svgActiveContent } from './svgSafety.ts';

const svgUrl = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;
const brand = (overrides: Partial<Brand> = {}): Brand => ({
  logo: null,
  colours: { primary: '#1d3557', secondary: null, accent: null },
  font: 'Arial',
  ...overrides,
});

describe('contrast', () => {
  it('gives 21:1 for black on white and 1:1 for white on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('gives the WCAG figure for #767676 on white (4.54:1)', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('brand rules', () => {
  it('accepts a dark primary colour and no logo', () => {
    expect(brandProblems(brand())).toEqual([]);
  });

  it('refuses a primary colour that cannot carry white text', () => {
    const problems = brandProblems(brand({ colours: { primary: '#ffcc00', secondary: null, accent: null } }));
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('colours.primary');
    expect(problems[0].message).toMatch(/4\.5:1/);
  });

  it('accepts the palest grey that still reaches 4.5:1 (#767676) and refuses #777777', () => {
    expect(brandProblems(brand({ colours: { primary: '#767676', secondary: null, accent: null } }))).toEqual([]);
    expect(brandProblems(brand({ colours: { primary: '#777777', secondary: null, accent: null } }))).toHaveLength(1);
  });

  it('accepts an inert SVG logo with a fragment reference', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/></svg>';
    expect(brandProblems(brand({ logo: svgUrl(svg) }))).toEqual([]);
  });

  it('refuses a PNG data URL whose bytes are not a PNG', () => {
    const problems = brandProblems(brand({ logo: `data:image/png;base64,${btoa('<svg onload="x()"/>')}` }));
    expect(problems[0]).toMatchObject({ path: 'logo', message: 'The logo is not a PNG image.' });
  });

  it('refuses a logo that is not a data URL', () => {
    expect(brandProblems(brand({ logo: 'https://example.com/logo.png' }))[0].path).toBe('logo');
  });
});

describe('SVG active content', () => {
  const refused: [string, string][] = [
    ['a script element', '<svg><script>alert(1)</script></svg>'],
    ['a namespaced script element', '<svg><svg:script>alert(1)</svg:script></svg>'],
    ['an event-handler attribute', '<svg onload="alert(1)"></svg>'],
    ['an event handler after a quote', '<svg><rect x="1"onclick="alert(1)"/></svg>'],
    ['a javascript: link', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['a javascript: link with entity-encoded letters', '<svg><a xlink:href="&#106;avascript:alert(1)">x</a></svg>'],
    ['a data: link', '<svg><a href="data:text/html,hi">x</a></svg>'],
    ['an external image', '<svg><image href="https://evil.example/x.png"/></svg>'],
    ['an external use', '<svg><use xlink:href="https://evil.example/s.svg#a"/></svg>'],
    ['a foreignObject', '<svg><foreignObject><div/></foreignObject></svg>'],
    ['an entity declaration', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
    ['an external stylesheet import', '<svg><style>@import "https://evil.example/a.css";</style></svg>'],
    ['an external url() in a style', '<svg><rect style="fill:url(https://evil.example/a)"/></svg>'],
    ['an embedded document', '<svg><iframe src="x.html"></iframe></svg>'],
    ['an animated link', '<svg><a><set attributeName="href" to="javascript:alert(1)"/></a></svg>'],
  ];
  for (const [what, svg] of refused) {
    it(`refuses ${what}`, () => {
      expect(svgActiveContent(svg)).not.toBeNull();
    });
  }

  it('passes a plain drawing', () => {
    expect(svgActiveContent('<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#123456"/></svg>')).toBeNull();
  });
});
