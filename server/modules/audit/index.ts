export { audit, auditLogResource, registerAuditLog, type AuditEntry } from './audit.ts';
