/**
 * An email command as the manual shows it: its written form (placeholders in `<>`, optional parts in
 * `[]`, alternatives with `|`) and an example that the command's own parser reads as that command.
 * Each parser keeps a table of these keyed by the kinds it returns, so the compiler asks for a form
 * whenever a kind is added; docs/reference.md lists every form, and test/docs checks both (the
 * example read by the parser, the form present in the manual). Pure data.
 */
export interface CommandForm {
  readonly form: string;
  readonly example: string;
}
