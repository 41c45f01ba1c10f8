/** A DiceStream whose dice are scripted (each roll takes the next faces), to test tables of outcomes exactly. */
import { DiceStream, type RecordedRoll } from '../../../src/dice/index.js';

export class ScriptedDice extends DiceStream {
  private faces: number[];
  constructor(faces: number[]) {
    super('scripted', 'test');
    this.faces = [...faces];
  }
  override roll(notation: string, purpose: string): RecordedRoll {
    const m = /^(\d*)d(\d+)/.exec(notation);
    const count = m && m[1] ? Number(m[1]) : 1;
    const dice = this.faces.splice(0, count);
    if (dice.length < count) throw new Error(`script ran out at "${purpose}"`);
    const r: RecordedRoll = { notation, nonce: `test:${this.rolls.length + 1}`, dice, total: dice.reduce((a, b) => a + b, 0), commitment: '', purpose };
    this.rolls.push(r);
    return r;
  }
}
