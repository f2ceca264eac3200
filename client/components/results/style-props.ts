// styleProps: sets inline style properties through the CSSOM (element.style.setProperty), which a strict
// Content-Security-Policy (style-src 'self') allows. Lit's styleMap writes a style="…" attribute on first
// render, which that policy blocks, so positioned rows would all land at the top.
import { noChange, nothing, type ElementPart } from 'lit';
import { Directive, PartType, directive, type PartInfo } from 'lit/directive.js';

class StylePropsDirective extends Directive {
  private previous = new Set<string>();

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT) throw new Error('styleProps belongs in an element position: <div ${styleProps({...})}>');
  }

  render(_props: Record<string, string>) {
    return nothing;
  }

  override update(part: ElementPart, [props]: [Record<string, string>]) {
    const style = (part.element as HTMLElement).style;
    for (const name of this.previous) if (!(name in props)) style.removeProperty(name);
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value);
    this.previous = new Set(Object.keys(props));
    return noChange;
  }
}

export const styleProps = directive(StylePropsDirective);
