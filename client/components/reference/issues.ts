// Validation issues beside the fields they concern: lookup by dot path, one small template, and its styles.
import { css, html, nothing } from 'lit';
import type { ReferenceIssue } from '../../api/reference-admin.ts';

/** The issues at exactly `path`, errors first. */
export function issuesAt(issues: readonly ReferenceIssue[], path: string): ReferenceIssue[] {
  return issues.filter((issue) => issue.path === path).sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}

/** The issues at `path` or below it. */
export function issuesUnder(issues: readonly ReferenceIssue[], path: string): ReferenceIssue[] {
  return issues.filter((issue) => issue.path === path || issue.path.startsWith(`${path}.`));
}

/** An element id for the issues of a path, so an input can name them in aria-describedby. */
export const issueId = (path: string) => `issues-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The issues at `path` as a list under the field; nothing when there are none. */
export function renderIssuesAt(issues: readonly ReferenceIssue[], path: string) {
  const here = issuesAt(issues, path);
  if (here.length === 0) return nothing;
  return html`<ul class="issues" id=${issueId(path)}>
    ${here.map((issue) => html`<li class=${issue.severity}><strong>${issue.severity === 'error' ? 'Error' : 'Warning'}:</strong> ${issue.message}</li>`)}
  </ul>`;
}

/** aria-describedby for an input: its issues' id when it has any. */
export const describedBy = (issues: readonly ReferenceIssue[], path: string) => (issuesAt(issues, path).length > 0 ? issueId(path) : undefined);

export const issueStyles = css`
  ul.issues {
    list-style: none;
    margin: var(--space-1, 0.25rem) 0 0;
    padding: 0;
    font-size: 0.9rem;
  }
  ul.issues li {
    padding: var(--space-1, 0.25rem) var(--space-2, 0.5rem);
    border-left: 3px solid;
    margin-top: var(--space-1, 0.25rem);
    overflow-wrap: anywhere;
  }
  ul.issues li.error {
    color: var(--color-danger-text, #9b1c1c);
    background: var(--color-danger-bg, #fdf1f1);
    border-color: var(--color-danger-text, #9b1c1c);
  }
  ul.issues li.warning {
    color: #5c4300;
    background: #fff8e5;
    border-color: #b88a00;
  }
`;
