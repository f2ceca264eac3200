// What the identity panels share: the form and table styles, a form laid out as one column.
import { css } from 'lit';
import { formStyles, tableStyles } from '../../styles/form-styles.ts';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';

export const identityPanelStyles = [
  focusStyles,
  buttonStyles,
  formStyles,
  tableStyles,
  css`
    :host {
      display: block;
    }
    form {
      display: grid;
      gap: var(--space-3, 0.75rem);
      max-width: 40rem;
    }
  `,
];
