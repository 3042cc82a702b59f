/** The temporaries of one generated function: `t<i>` for numbers, `s<i>` for strings (inputs, tables). */
export class FunctionLocals {
  private numbers = 0;
  private strings = 0;

  numberTemp(): string {
    return `t${this.numbers++}`;
  }

  stringTemp(): string {
    return `s${this.strings++}`;
  }

  /** `let` lines declaring every temporary handed out, for the top of the function body. */
  declarations(): string[] {
    const out: string[] = [];
    if (this.numbers > 0) out.push(`let ${Array.from({ length: this.numbers }, (_, i) => `t${i} = 0`).join(', ')};`);
    if (this.strings > 0) out.push(`let ${Array.from({ length: this.strings }, (_, i) => `s${i} = ''`).join(', ')};`);
    return out;
  }
}
