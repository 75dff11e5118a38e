import type { Contact } from '../types.ts';
import { avatarUri, PEOPLE } from './random.ts';

const POSITIONS = [
  'Basis Administrator',
  'Security Consultant',
  'Internal Auditor',
  'Finance Manager',
  'HR Specialist',
  'Project Manager',
  'Developer',
  'Controller',
];

/** 16 contacts (spec section 3). */
export function sampleContacts(): Contact[] {
  return PEOPLE.map((name, i) => {
    const local = name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ı/g, 'i')
      .replace(/\s+/g, '.');
    return {
      id: i + 1,
      name,
      position: POSITIONS[i % POSITIONS.length],
      email: `${local}@example.com`,
      phone: `+90 5${30 + i} ${100 + i * 7} ${String(1000 + i * 131).slice(0, 2)} ${String(10 + i * 3).padStart(2, '0')}`,
      group: i % 3 === 2 ? 'Personal' : 'Work',
      thumb: avatarUri(name),
    };
  });
}
