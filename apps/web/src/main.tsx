import ky from 'ky';
import { create } from 'zustand';
console.log(ky, create);
