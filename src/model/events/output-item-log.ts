import type { JsonObject } from '../../types';

/**
 * The output items of one response in server form: the terminal event's `response.output`, or,
 * when it is missing or empty although items were streamed (some servers send it empty), the
 * items of `output_item.done` in output_index order.
 */
export class OutputItemLog {
  private readonly done = new Map<number, JsonObject>();
  private terminal: JsonObject[] | undefined;

  itemDone(outputIndex: number, item: JsonObject): void {
    this.done.set(outputIndex, item);
  }

  terminalOutput(output: unknown): void {
    if (Array.isArray(output)) this.terminal = output as JsonObject[];
  }

  get items(): JsonObject[] {
    const rebuilt = [...this.done.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
    if (this.terminal != null && (this.terminal.length > 0 || rebuilt.length === 0)) {
      return this.terminal;
    }
    return rebuilt;
  }
}
