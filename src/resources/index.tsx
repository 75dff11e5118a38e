import { lazy, type ComponentType } from 'react';
import { Resource } from 'react-admin';
import { RESOURCES } from './resource-names.ts';
// Small indexes whose screens load lazily (their own chunks, with the spec's chunk timeout).
import riskPeriods from './risk-periods/index.tsx';
import risks from './risks/index.tsx';
import sqlQueries from './sql-queries/index.tsx';
import systemData from './system-data/index.tsx';
import systemPeriods from './system-periods/index.tsx';


/** A named export of a lazily loaded module as a component (pages load lazily, spec 2). */
function lazyNamed<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as unknown as ComponentType })));
}

const customers = () => import('./customers.tsx');
const cors = () => import('./cors-entries.tsx');
const licences = () => import('./licences.tsx');
const systems = () => import('./systems.tsx');
const users = () => import('./app-users.tsx');
const groups = () => import('./groups.tsx');
const departments = () => import('./departments.tsx');
const mitigatingControls = () => import('./mitigating-controls/index.tsx');
const mitigations = () => import('./mitigations/index.tsx');
const decisionTrail = () => import('./decision-trail/index.tsx');

/**
 * The CRUD areas, declared once (issue 5): each react-admin resource is named by its spec path
 * (resource-names.ts), so its list lives at exactly that URL.
 */
export const resources = [
  <Resource
    key="customers"
    name={RESOURCES.customers.name}
    options={{ label: 'segra.screens.customer_add' }}
    list={lazyNamed(customers, 'CustomerList')}
    create={lazyNamed(customers, 'CustomerCreate')}
    edit={lazyNamed(customers, 'CustomerEdit')}
    recordRepresentation="name"
  />,
  <Resource
    key="cors"
    name={RESOURCES.corsEntries.name}
    options={{ label: 'segra.screens.customer_cors' }}
    list={lazyNamed(cors, 'CorsEntryList')}
    create={lazyNamed(cors, 'CorsEntryCreate')}
    edit={lazyNamed(cors, 'CorsEntryEdit')}
    recordRepresentation="origin"
  />,
  <Resource
    key="licences"
    name={RESOURCES.licences.name}
    options={{ label: 'segra.screens.license_files' }}
    list={lazyNamed(licences, 'LicenceList')}
    create={lazyNamed(licences, 'LicenceCreate')}
  />,
  <Resource
    key="systems"
    name={RESOURCES.systems.name}
    options={{ label: 'segra.screens.system_default' }}
    list={lazyNamed(systems, 'SystemList')}
    create={lazyNamed(systems, 'SystemCreate')}
    edit={lazyNamed(systems, 'SystemEdit')}
    recordRepresentation="sid"
  />,
  <Resource
    key="users"
    name={RESOURCES.appUsers.name}
    options={{ label: 'segra.screens.user_add' }}
    list={lazyNamed(users, 'AppUserList')}
    create={lazyNamed(users, 'AppUserCreate')}
    edit={lazyNamed(users, 'AppUserEdit')}
    recordRepresentation="username"
  />,
  <Resource
    key="groups"
    name={RESOURCES.groups.name}
    options={{ label: 'segra.screens.user_add_group' }}
    list={lazyNamed(groups, 'GroupList')}
    create={lazyNamed(groups, 'GroupCreate')}
    edit={lazyNamed(groups, 'GroupEdit')}
    recordRepresentation="name"
  />,
  <Resource
    key="departments"
    name={RESOURCES.departments.name}
    options={{ label: 'segra.screens.user_add_department' }}
    list={lazyNamed(departments, 'DepartmentList')}
    create={lazyNamed(departments, 'DepartmentCreate')}
    edit={lazyNamed(departments, 'DepartmentEdit')}
    recordRepresentation="name"
  />,
  // Mitigating controls (issue 16): one folder each, its views exported by its index (loaded lazily).
  <Resource
    key="mitigating-controls"
    name={RESOURCES.mitigatingControls.name}
    options={{ label: 'segra.screens.risk_mitigating_controls' }}
    list={lazyNamed(mitigatingControls, 'MitigatingControlList')}
    create={lazyNamed(mitigatingControls, 'MitigatingControlCreate')}
    edit={lazyNamed(mitigatingControls, 'MitigatingControlEdit')}
    show={lazyNamed(mitigatingControls, 'MitigatingControlShow')}
    recordRepresentation="controlId"
  />,
  <Resource
    key="mitigations"
    name={RESOURCES.mitigations.name}
    options={{ label: 'segra.screens.risk_mitigations' }}
    list={lazyNamed(mitigations, 'MitigationList')}
    create={lazyNamed(mitigations, 'MitigationCreate')}
    edit={lazyNamed(mitigations, 'MitigationEdit')}
    show={lazyNamed(mitigations, 'MitigationShow')}
  />,
  <Resource
    key="decision-trail"
    name={RESOURCES.decisionTrail.name}
    options={{ label: 'segra.screens.reports_decision_trail' }}
    list={lazyNamed(decisionTrail, 'DecisionTrailList')}
  />,
  // Issue 14: periods, risk data and SQL queries (their lists sit inside their screens).
  <Resource key="system-periods" name={RESOURCES.systemPeriods.name} options={{ label: 'segra.screens.system_period' }} {...systemPeriods} />,
  <Resource key="system-data" name={RESOURCES.periodTables.name} options={{ label: 'segra.screens.system_modules' }} {...systemData} />,
  <Resource key="risk-periods" name={RESOURCES.riskPeriods.name} options={{ label: 'segra.screens.risk_period' }} {...riskPeriods} />,
  <Resource key="risks" name={RESOURCES.risks.name} options={{ label: 'segra.screens.risk_modules' }} {...risks} />,
  <Resource key="functions" name={RESOURCES.functions.name} />,
  <Resource key="sql-queries" name={RESOURCES.sqlQueries.name} options={{ label: 'segra.screens.admin_sql' }} {...sqlQueries} />,
];
