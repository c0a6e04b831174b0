import { attributeOf } from '../xml-stream.js';

/** The attribute `name` of an element, under any namespace prefix (`action`, `data:structureRef`). */
export const attribute = (attributes: Readonly<Record<string, string>>, name: string): string | undefined =>
  attributeOf(attributes, name, true);

/**
 * What the header of an SDMX-ML data message says that the data sets need: the
 * observation dimension of each structure (`dimensionAtObservation`) and the
 * data sets' action (`DataSetAction`).
 */
export class XmlHeader {
  private readonly atObservation = new Map<string, string>();
  private first: string | undefined;
  action: string | undefined;
  private inAction = false;
  private actionText = '';

  get readingText(): boolean {
    return this.inAction;
  }

  /** Reads a header element; true when it was one. */
  open(name: string, attributes: Readonly<Record<string, string>>): boolean {
    if (name === 'Structure') {
      const at = attribute(attributes, 'dimensionAtObservation');
      if (at !== undefined) {
        this.atObservation.set(attribute(attributes, 'structureID') ?? '', at);
        this.first ??= at;
      }
      return true;
    }
    if (name === 'DataSetAction') {
      this.inAction = true;
      this.actionText = '';
      return true;
    }
    return false;
  }

  close(name: string): void {
    if (name === 'DataSetAction' && this.inAction) {
      this.inAction = false;
      this.action = this.actionText.trim();
    }
  }

  text(text: string): void {
    if (this.inAction && this.actionText.length < 64) this.actionText += text;
  }

  /** The observation dimension of the data set of structure `ref` (`TIME_PERIOD` when the header says none). */
  dimensionAtObservation(ref: string | undefined): string {
    return (ref !== undefined ? this.atObservation.get(ref) : undefined) ?? this.first ?? 'TIME_PERIOD';
  }
}
