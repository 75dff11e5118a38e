export { permissionsForUser, pagesOfGroups, type GroupPage } from './permissions.ts';
export { groupsResource, registerGroups } from './groups-resource.ts';
