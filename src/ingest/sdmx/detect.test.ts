import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectFormat } from './detect.js';

describe('detectFormat', () => {
  it('tells the format from the first characters', () => {
    assert.equal(detectFormat('\uFEFF<?xml version="1.0"?>'), 'xml');
    assert.equal(detectFormat('  \n<message:GenericData'), 'xml');
    assert.equal(detectFormat('{"header":'), 'json');
    assert.equal(detectFormat('DATAFLOW,FREQ,TIME_PERIOD'), 'csv');
    assert.equal(detectFormat('STRUCTURE[;],STRUCTURE_ID'), 'csv');
    assert.equal(detectFormat('year,value'), undefined);
    assert.equal(detectFormat(''), undefined);
  });
});
