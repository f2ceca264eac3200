// What the AI panels of the dataset page share (<ai-ask-box>, <ai-narrative-panel>): buttons, a block host, their
// heading's size and the muted line they put status and sources in.
import { css } from 'lit';
import { buttonStyles, focusStyles } from '../../styles/shared-styles.ts';

export const aiPanelStyles = [
  focusStyles,
  buttonStyles,
  css`
    :host {
      display: block;
    }
    h3 {
      font-size: 1.1rem;
    }
    .muted {
      color: var(--color-muted, #4f5b69);
      font-size: 0.9rem;
    }
  `,
];
