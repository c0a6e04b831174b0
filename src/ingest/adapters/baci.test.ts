import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rowsPerByte } from './baci.js';

describe('the rows of a BACI file being read, estimated from its bytes', () => {
  it('rows a byte from the whole lines after the header in its first bytes', () => {
    const head = Buffer.from(
      '"t","i","j","k","v","q"\r\n2021,4,8,10121,1.000,NA\r\n2021,4,8,10122,2.000,NA\r\n2021,4,8',
    );
    const line = '2021,4,8,10121,1.000,NA\r\n'.length;
    assert.equal(rowsPerByte(head), 1 / line);
  });

  it('none when no whole line follows the header', () => {
    assert.equal(rowsPerByte(Buffer.from('"t","i","j","k","v","q"\n2021,4,8')), 0);
    assert.equal(rowsPerByte(Buffer.from('"t","i","j","k","v","q"')), 0);
    assert.equal(rowsPerByte(Buffer.alloc(0)), 0);
  });
});
