// The portal's router, as one shared module: the shell and every remote import routing from here, so the
// router's contexts exist once, and each build bundles only these parts of react-router (sharing the
// package itself would ship all of it, data routers and server rendering included, to every page).
export { BrowserRouter, Link, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
