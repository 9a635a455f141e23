import type { ConversionState } from '../../convert/convert-prompt';
import type { InputItem, Message } from '../../types';

/** A chain head's context in one form: the messages, the items they convert to, the state after. */
export type HeadForm = {
  messages: readonly Message[];
  items: readonly InputItem[];
  conversionState?: ConversionState;
  /**
   * When the response has empty text parts: the items its output converts to once ai@5 or ai@6
   * left those out (empty-texts.ts). Their prompt holds `items` up to `outputStart`, then these.
   * Only the form with metadata has it: the plain form never holds empty texts.
   */
  withoutEmptyTexts?: { outputStart: number; output: readonly InputItem[] };
};

/** The items a prompt built by ai@5 or ai@6 holds for the form, when they differ from `items`. */
export function itemsWithoutEmptyTexts(form: HeadForm): readonly InputItem[] | undefined {
  const dropped = form.withoutEmptyTexts;
  return dropped && [...form.items.slice(0, dropped.outputStart), ...dropped.output];
}

/** The arrays of the head a deferred form is made from. */
export type HeadArrays = Pick<HeadForm, 'messages' | 'items'>;

/**
 * A form of a head that is only made when a call needs it. A head's plain form (its context as
 * an app that drops metadata sends it) costs a conversion of the response's output, and almost
 * every next prompt carries the metadata, so it is converted the first time a prompt does not
 * (once, however many calls ask at the same time). It is made from the arrays of the head that
 * asks (`load(head)`), not from arrays it keeps: a head whose arrays were given up for a later
 * head's (`HeadStore.supersede`) keeps its form.
 */
export class DeferredForm {
  private form: HeadForm | undefined;
  private pending: Promise<HeadForm> | undefined;

  constructor(private make: ((head: HeadArrays) => Promise<HeadForm>) | undefined) {}

  /** A form that is already known. */
  static of(form: HeadForm): DeferredForm {
    const known = new DeferredForm(undefined);
    known.form = form;
    return known;
  }

  /** The form, if it was made (`load` makes it). */
  get current(): HeadForm | undefined {
    return this.form;
  }

  load(head: HeadArrays): Promise<HeadForm> {
    if (this.form) return Promise.resolve(this.form);
    const make = this.make as (head: HeadArrays) => Promise<HeadForm>;
    this.pending ??= make(head).then((form) => {
      this.form = form;
      // What it was made from is no longer needed.
      this.make = undefined;
      return form;
    });
    return this.pending;
  }
}
