"""Payroll for hourly and salaried staff: tax bands by region, overtime, pensions, payslips and the bank file."""

from payroll.employees import Employee
from payroll.payslip import payslip

__all__ = ["Employee", "payslip"]
