/**
 * An SDK output type as the AWS JSON protocol carries it: the SDK turns epoch seconds into
 * Date objects, so on the wire every Date is a number.
 */
export type Wire<T> = T extends Date
  ? number
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
