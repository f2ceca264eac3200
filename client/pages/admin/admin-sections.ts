// The sections of the administrators' area, in the order the navigation lists them. Adding a page
// is one entry here plus the import of its element in admin-page.ts: <admin-page> draws the navigation
// and the section from this list, and app-root routes every /admin/<slug> address to it. This list names
// the elements only by tag, so the overview page can list the sections without an import circle.
import { html, type TemplateResult } from 'lit';

export interface AdminSection {
  /** The address segment after /admin/; the empty slug is /admin itself. */
  slug: string;
  label: string;
  /** One line for the overview's list of sections. */
  description: string;
  render: () => TemplateResult;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    slug: '',
    label: 'Overview',
    description: 'Platform figures: engagements, datasets, people analysed and the shared title cache.',
    render: () => html`<admin-stats-page></admin-stats-page>`,
  },
  {
    slug: 'users',
    label: 'Users',
    description: 'Add people, change their platform role, deactivate and reactivate accounts.',
    render: () => html`<admin-users-page></admin-users-page>`,
  },
  {
    slug: 'reference',
    label: 'Reference data',
    description: 'Versions of the reference data; draft, check, compare and publish a new one.',
    render: () => html`<admin-reference-page></admin-reference-page>`,
  },
  {
    slug: 'audit',
    label: 'Audit trail',
    description: 'Every sensitive action across the platform, by action, engagement and day.',
    render: () => html`<admin-audit-page></admin-audit-page>`,
  },
  {
    slug: 'cache',
    label: 'Title cache',
    description: 'The shared title cache, most used first: search, verify and delete entries.',
    render: () => html`<admin-cache-page></admin-cache-page>`,
  },
  {
    slug: 'prompts',
    label: 'Prompts',
    description: 'The AI prompts as versions: edit a draft with live checks, compare, test in the prompt lab, publish.',
    render: () => html`<admin-prompts-page></admin-prompts-page>`,
  },
  {
    slug: 'ai-usage',
    label: 'AI usage',
    description: 'AI spend by month and feature, this month against the budget, and the model in use.',
    render: () => html`<admin-ai-usage-page></admin-ai-usage-page>`,
  },
];

export const adminPath = (section: AdminSection) => (section.slug ? `/admin/${section.slug}` : '/admin');

/** The section an address names, or null when /admin/<slug> names none. */
export function adminSectionAt(slug: string): AdminSection | null {
  return ADMIN_SECTIONS.find((section) => section.slug === slug) ?? null;
}
